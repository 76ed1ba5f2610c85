import type { CalendarRecord, SlotRecord } from '../../schedule';
import type { ServiceRules } from './service-rules';

/**
 * A service an entity offers (docs/CONTRACT.md#services-and-staff): what a visitor books, how long it
 * lasts, and the calendars (staff) that perform it.
 */
export interface ServiceRecord extends ServiceRules {
  service_id: number;
  name: string;
  /** Minutes, SERVICE_DURATION bounds. */
  duration: number;
  /** The calendars that perform it; null: every active calendar. */
  calendar_ids: number[] | null;
  price: number | null;
  currency: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export const SERVICE_DURATION = { min: 5, max: 720 } as const;
/** At most this many services an entity (held by a counter's condition). */
export const MAX_SERVICES = 200;
/**
 * At most this many slots one service booking covers: each is one item of the booking's single
 * transaction, which has room for 100 with the appointment, the client and the counters.
 */
export const MAX_SLOTS_PER_BOOKING = 80;

/** HH:MM:SS plus `minutes`; null past the end of the day. */
export function addMinutes(time: string, minutes: number): string | null {
  const [h, m, s] = time.split(':').map(Number);
  const total = (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0) + minutes * 60;
  if (total > 24 * 3600) return null;
  if (total === 24 * 3600) return '24:00:00';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Whether a calendar performs a service: listed by it (or every calendar when it lists none), and active. */
export const performs = (service: ServiceRecord, calendar: CalendarRecord): boolean =>
  calendar.is_active &&
  (service.calendar_ids === null || service.calendar_ids.includes(calendar.calendar_id));

/**
 * The run of consecutive slots (each starting where the previous one ends) of one calendar and date that
 * covers [start, end), from the slot at `index` of `daySlots` (sorted by start). null when the slots stop,
 * leave a gap or run past MAX_SLOTS_PER_BOOKING before `end`. Places are not looked at: see `freeRun`.
 */
export function coveringRun(daySlots: SlotRecord[], index: number, end: string): SlotRecord[] | null {
  const run: SlotRecord[] = [];
  let at = index;
  let slot = daySlots[at];
  while (slot) {
    const previous = run.at(-1);
    if (previous && slot.start_time !== previous.end_time) return null;
    run.push(slot);
    if (run.length > MAX_SLOTS_PER_BOOKING) return null;
    if (slot.end_time >= end) return run;
    at += 1;
    slot = daySlots[at];
  }
  return null;
}

/** One start at which a service fits on a calendar (GET /api/v2/availability). */
export interface AvailableStart {
  date: string;
  start_time: string;
  end_time: string;
  calendar_id: number;
  calendar_name: string;
}

/** Availability order: date, start time, calendar id. */
export const byDateStartCalendar = (a: AvailableStart, b: AvailableStart): number =>
  a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time) || a.calendar_id - b.calendar_id;
