import type { Holiday } from './holidays';
import type { DayHours } from './opening-hours';

export type PeriodTimes = Pick<DayHours, 'start_time1' | 'end_time1' | 'start_time2' | 'end_time2'>;

/** Whether a date is open, and why not: its weekday's hours and any holiday or closure day. */
export interface DayStatus {
  is_open: boolean;
  is_holiday: boolean;
  opening_hours: PeriodTimes | null;
  holiday: Holiday | null;
  /** The weekday's record, even when a holiday closes the day. */
  day: DayHours;
}
