/** The schedule feature's public face: what other features may use of it (docs/design/features.md). */

export type { BookingWindow, WindowSettings } from './domain/booking-window';
export {
  DAYS_AHEAD_BOUNDS,
  DEFAULT_MAX_DAYS_AHEAD,
  DEFAULT_MIN_NOTICE,
  lastBookableDate,
  NOTICE_BOUNDS,
  outsideWindow,
  windowOf,
} from './domain/booking-window';
export type { CalendarRecord } from './domain/calendar';
export { MAX_CALENDARS, newCalendar, totalAppointments } from './domain/calendar';
export { isSupportedCountry } from './domain/countries';
export type { DayStatus } from './domain/day-status';
export type { Holiday } from './domain/holidays';
export type { DayHours, Weekday, WeeklyHours } from './domain/opening-hours';
export { buildDayHours, DEMO_HOURS, timeToSeconds, WEEKDAYS } from './domain/opening-hours';
export type { SlotRecord } from './domain/slot';
export { byStart } from './domain/slot';
export { MAX_FUTURE_SLOTS, openDaysSlots } from './domain/slot-budget';
export { hasStarted, slotTimes, startInstant } from './domain/slot-times';
export { v2Periods as v2PeriodsExample } from './http/examples';
export { V2Holiday, V2OpeningHours } from './http/schemas';
export type {
  CalendarAdmin,
  CalendarDirectory,
  CalendarLister,
  CalendarReader,
  ClosureAdmin,
  ClosureSlots,
  ClosureStore,
  HoursAdmin,
  HoursStore,
  IdSource,
  SlotReader,
} from './ports';
export { calendarItem, toCalendar } from './store/calendar-repository';
export { movePlaceItem, roomCheckItem } from './store/slot-places';
export { SlotRepository, toSlot } from './store/slot-repository';
