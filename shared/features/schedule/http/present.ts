/** The schedule's v2 answers: slots, opening hours, dates, closure days (docs/CONTRACT.md#v2-in-short). */
import { documented } from '../../../shapes/documented';
import type { SlotRecord } from '../domain/slot';
import type { V2CheckDate, V2DateHours, V2Holiday, V2OpeningHours, V2Periods, V2Slot } from './schemas';

/** v2 slot record (docs/CONTRACT.md#v2-in-short): max_appointments = capacity, available_slots = capacity − taken. */
export const v2Slot = (s: SlotRecord): V2Slot => ({
  id: s.slot_id,
  date: s.date,
  start_time: s.start_time,
  end_time: s.end_time,
  status: s.status,
  max_appointments: s.capacity,
  available_slots: Math.max(0, s.capacity - s.taken),
});

/** One weekday's opening hours. */
export const v2OpeningHours = documented<V2OpeningHours>();
/** The periods of an open date. */
export const v2Periods = documented<V2Periods>();
/** Whether a date is open, and the holiday that closes it. */
export const v2CheckDate = documented<V2CheckDate>();
/** The periods of an open date, with each calendar's when no calendar was asked for. */
export const v2DateHours = documented<V2DateHours>();

/** A closure day the entity added. */
export const v2Closure = documented<V2Holiday>();
