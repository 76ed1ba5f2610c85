/**
 * A date seen across the staff (docs/CONTRACT.md#services-and-staff): each active calendar's hours that
 * day, and the business's answer made of them (open when any calendar is open).
 */
import type { PeriodTimes } from './day-status';

/** One calendar's hours on a date: its own week, else the entity's; null when it does not work that day. */
export interface CalendarDay {
  calendar_id: number;
  calendar_name: string;
  is_open: boolean;
  opening_hours: PeriodTimes | null;
}

const NO_PERIODS: PeriodTimes = { start_time1: null, end_time1: null, start_time2: null, end_time2: null };

/** The periods of a day as [start, end] pairs (HH:MM:SS compares as text). */
const pairsOf = (p: PeriodTimes): Array<[string, string]> => {
  const pairs: Array<[string, string]> = [];
  if (p.start_time1 && p.end_time1) pairs.push([p.start_time1, p.end_time1]);
  if (p.start_time2 && p.end_time2) pairs.push([p.start_time2, p.end_time2]);
  return pairs;
};

/**
 * The hours of a date when at least one calendar is open: the union of the open calendars' periods. It
 * is given as they are when it makes one or two periods; otherwise as one period, from the earliest start
 * to the latest end. Null when no calendar is open.
 */
export function unionOfPeriods(days: ReadonlyArray<PeriodTimes | null>): PeriodTimes | null {
  const pairs = days.flatMap((d) => (d ? pairsOf(d) : [])).sort((a, b) => a[0].localeCompare(b[0]));
  const merged: Array<[string, string]> = [];
  for (const [start, end] of pairs) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = end > last[1] ? end : last[1];
    else merged.push([start, end]);
  }
  const first = merged[0];
  const last = merged[merged.length - 1];
  if (!first || !last) return null;
  if (merged.length > 2) return { ...NO_PERIODS, start_time1: first[0], end_time1: last[1] };
  const second = merged[1];
  return {
    start_time1: first[0],
    end_time1: first[1],
    start_time2: second ? second[0] : null,
    end_time2: second ? second[1] : null,
  };
}
