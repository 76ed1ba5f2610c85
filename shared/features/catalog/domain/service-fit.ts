import type { Unavailability } from '../../../core/errors';
import type { BookingWindow, CalendarRecord, SlotRecord } from '../../schedule';
import { hasStarted, outsideWindow, timeToSeconds } from '../../schedule';
import { type AvailableStart, addMinutes, coveringRun } from './service';
import type { ServiceRules } from './service-rules';

/**
 * Where a service fits (docs/CONTRACT.md#buffers): the run of consecutive slots its length covers, and the
 * slots its buffers touch. A buffer takes a place in every slot of its calendar and date that overlaps it
 * (slots are the calendar's unit of time, so a 15-minute buffer keeps a whole 30-minute slot), as the
 * service does; where there is no slot (past closing time, between two periods) it takes nothing. So a
 * slot holds as many places as its capacity for the services and buffers of every booking that overlap it:
 * with capacity 1, no two bookings of a calendar, buffers included, overlap; the booking's transaction
 * takes each place with its own condition (open, a place left), never read then written.
 */

/** What a service is for a fit: its length and buffers. */
export type ServiceShape = { duration: number } & Pick<
  ServiceRules,
  'buffer_before_minutes' | 'buffer_after_minutes'
>;

/** A service starting with `daySlots[index]` (the calendar's slots of one date, by start). */
export interface FitStart {
  daySlots: SlotRecord[];
  index: number;
  service: ServiceShape;
}

/** The slots a service starting there covers: its run, and every slot it holds a place in (buffers too). */
export interface ServiceSlots {
  run: SlotRecord[];
  /** The run and the buffers' slots, by start time: what the appointment's slot_ids are. */
  slots: SlotRecord[];
  /** start + duration. */
  end: string;
}

/** HH:MM:SS minus `minutes`, not before 00:00:00. */
function minusMinutes(time: string, minutes: number): string {
  const total = Math.max(0, timeToSeconds(time) - minutes * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The slots a service starting with `daySlots[index]` covers, places not looked at (a move keeps the places
 * it holds): null when its run is not covered by consecutive slots. Buffers stop at the date's ends.
 */
export function serviceSlots({ daySlots, index, service }: FitStart): ServiceSlots | null {
  const first = daySlots[index];
  const end = first ? addMinutes(first.start_time, service.duration) : null;
  if (!first || !end) return null;
  const run = coveringRun(daySlots, index, end);
  if (!run) return null;
  const from = minusMinutes(first.start_time, service.buffer_before_minutes);
  const to = addMinutes(end, service.buffer_after_minutes) ?? '24:00:00';
  const buffers = daySlots.filter(
    (s) =>
      !run.includes(s) &&
      ((s.start_time < first.start_time && s.end_time > from) || (s.start_time >= end && s.start_time < to)),
  );
  return { run, end, slots: [...run, ...buffers].sort((a, b) => a.start_time.localeCompare(b.start_time)) };
}

/** A slot that can take one more place: open, with a place left (the transaction checks it again). */
const hasPlace = (slot: SlotRecord): boolean => slot.status === 'open' && slot.taken < slot.capacity;

/** Why slots without a place refuse: closed (by a time off, or otherwise), else full. */
const blockedBy = (slots: SlotRecord[]): Unavailability => {
  const closed = slots.filter((s) => s.status !== 'open');
  if (closed.length === 0) return 'full';
  return closed.some((s) => s.closed_by_time_off) ? 'time off' : 'closed';
};

/** A start looked at in a calendar's zone, at `now`, within `window` (null: the business's own, unbound). */
export interface FitContext {
  timezone: string;
  now: Date;
  window: BookingWindow | null;
}

/**
 * Whether a service can start with `daySlots[index]`: not started, within the window, every slot of its
 * run and of its buffers open with a place left. The slots, or why not.
 */
export function serviceFit(start: FitStart, at: FitContext): ServiceSlots | { refusal: Unavailability } {
  const first = start.daySlots[start.index];
  if (!first) return { refusal: 'full' };
  if (hasStarted(first.date, first.start_time, at.timezone, at.now)) return { refusal: 'in the past' };
  const outside = outsideWindow(first, at.timezone, at.now, at.window);
  if (outside) return { refusal: outside };
  const covered = serviceSlots(start);
  if (!covered) {
    const end = addMinutes(first.start_time, start.service.duration) ?? '24:00:00';
    return { refusal: blockedBy(start.daySlots.slice(start.index).filter((s) => s.start_time < end)) };
  }
  const blocked = covered.slots.filter((s) => !hasPlace(s));
  return blocked.length === 0 ? covered : { refusal: blockedBy(blocked) };
}

/** Every start of a calendar's slots (any dates) at which a service and its buffers fit. */
export function startsOn(
  calendar: CalendarRecord,
  slots: SlotRecord[],
  service: ServiceShape,
  at: Omit<FitContext, 'timezone'>,
): AvailableStart[] {
  const byDate = new Map<string, SlotRecord[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const starts: AvailableStart[] = [];
  for (const [date, day] of byDate) {
    day.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.slot_id - b.slot_id);
    day.forEach((slot, index) => {
      const fit = serviceFit({ daySlots: day, index, service }, { ...at, timezone: calendar.timezone });
      if ('end' in fit)
        starts.push({
          date,
          start_time: slot.start_time,
          end_time: fit.end,
          calendar_id: calendar.calendar_id,
          calendar_name: calendar.calendar_name,
        });
    });
  }
  return starts;
}
