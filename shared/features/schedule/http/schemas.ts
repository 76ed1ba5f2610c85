/** The schedule's records of the v2 entity API: opening hours, dates, slots (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { count, date, id, named, time } from '../../../shapes/common';
import { WEEKDAYS } from '../domain/opening-hours';

export const V2OpeningHours = named(
  z.strictObject({
    day_of_week: z.enum(WEEKDAYS as ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']),
    start_time1: time().nullable(),
    end_time1: time().nullable(),
    start_time2: time().nullable(),
    end_time2: time().nullable(),
    is_open: z.int().min(0).max(1),
  }),
  'V2OpeningHours',
  'Opening hours of one weekday. A closed weekday has is_open 0 and all four times null; a day with one period has start_time2 and end_time2 null.',
);

export const V2Periods = named(
  z.strictObject({
    start_time1: time().nullable(),
    end_time1: time().nullable(),
    start_time2: time().nullable(),
    end_time2: time().nullable(),
  }),
  'V2Periods',
  'The periods of an open date (start_time2 and end_time2 are null when the day has one period).',
);

export const V2Holiday = named(
  z.strictObject({ name: z.string(), date: date() }),
  'V2Holiday',
  "A public holiday of the entity's country, or a closure day the entity added.",
);

export const V2CalendarDay = named(
  z.strictObject({
    calendar_id: id(),
    calendar_name: z.string(),
    is_open: z.boolean(),
    opening_hours: V2Periods.nullable(),
  }),
  'V2CalendarDay',
  "One active calendar's hours on the date (its own week, else the entity's; a holiday closes every calendar): opening_hours is null when it does not work that day.",
);

export const V2CheckDate = named(
  z.strictObject({
    is_open: z.boolean(),
    is_holiday: z.boolean(),
    opening_hours: V2Periods.nullable(),
    holiday: V2Holiday.nullable(),
    calendars: z.array(V2CalendarDay).optional(),
  }),
  'V2CheckDate',
  "Whether a date is open: opening_hours is null when closed, holiday is null when the date is not a holiday. With calendar_id, that calendar's day. Without it, the business's: open when any active calendar is open (and no holiday), opening_hours the union of their periods (one period from the earliest start to the latest end when the union has more than two), and, with more than one active calendar, calendars lists each one's hours by id (one calendar: its day is the business's, without the list).",
);

export const V2DateHours = named(
  z.strictObject({
    start_time1: time().nullable(),
    end_time1: time().nullable(),
    start_time2: time().nullable(),
    end_time2: time().nullable(),
    calendars: z.array(V2CalendarDay).optional(),
  }),
  'V2DateHours',
  "The periods of an open date (start_time2 and end_time2 are null when the day has one period). With calendar_id, that calendar's; without it, the union of the active calendars' periods (as check-date), and, with more than one active calendar, calendars lists each one's hours by id (one calendar: its day is the business's, without the list).",
);

export const V2Slot = named(
  z.strictObject({
    id: id(),
    date: date(),
    start_time: time(),
    end_time: time(),
    status: z.enum(['open', 'closed']),
    max_appointments: count(),
    available_slots: count(),
  }),
  'V2Slot',
  'A slot of the default calendar: max_appointments is its capacity, available_slots the places left.',
);

export type V2OpeningHours = z.infer<typeof V2OpeningHours>;
export type V2Periods = z.infer<typeof V2Periods>;
export type V2Holiday = z.infer<typeof V2Holiday>;
export type V2CheckDate = z.infer<typeof V2CheckDate>;
export type V2DateHours = z.infer<typeof V2DateHours>;
export type V2Slot = z.infer<typeof V2Slot>;
