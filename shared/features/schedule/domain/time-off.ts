import type { SlotRecord } from './slot';

/**
 * A staff member's time off (docs/CONTRACT.md#time-off): one calendar, one date, the whole day (no times)
 * or from `start_time` to `end_time` (end exclusive). Its calendar's slots that overlap it are closed while
 * it lasts; other calendars are untouched.
 */
export interface TimeOffRecord {
  time_off_id: number;
  calendar_id: number;
  date: string;
  /** HH:MM:SS, or null with end_time null: the whole day. */
  start_time: string | null;
  end_time: string | null;
  name: string;
  created_at: string;
}

/** The name a time off gets when none is given. */
export const DEFAULT_TIME_OFF_NAME = 'Time off';

/** Whether a time off covers a slot: same calendar and date, and the whole day or an overlap of times. */
export const coversSlot = (off: TimeOffRecord, slot: SlotRecord): boolean =>
  off.calendar_id === slot.calendar_id &&
  off.date === slot.date &&
  (off.start_time === null ||
    off.end_time === null ||
    (slot.start_time < off.end_time && off.start_time < slot.end_time));

/** The first time off of `offs` that covers the slot, if any. */
export const timeOffCovering = (offs: TimeOffRecord[], slot: SlotRecord): TimeOffRecord | undefined =>
  offs.find((off) => coversSlot(off, slot));
