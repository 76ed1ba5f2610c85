import { normalizeTime } from '../../../core/dates';
import { type DayHours, timeToSeconds, type WeeklyHours } from './opening-hours';

/** docs/CONTRACT.md#open-days: the most future slots one calendar may be asked to hold. */
export const MAX_FUTURE_SLOTS = 50_000;

/** Slots one day's hours make at a duration (each period filled from its start, none across the break). */
export function slotsPerDay(day: DayHours, durationMinutes: number): number {
  if (!day.is_open || durationMinutes <= 0) return 0;
  const step = durationMinutes * 60;
  let count = 0;
  for (const [from, to] of [
    [day.start_time1, day.end_time1],
    [day.start_time2, day.end_time2],
  ]) {
    const start = from ? normalizeTime(from) : null;
    const end = to ? normalizeTime(to) : null;
    if (start === null || end === null) continue;
    count += Math.max(0, Math.floor((timeToSeconds(end) - timeToSeconds(start)) / step));
  }
  return count;
}

/**
 * The most slots open days can make over `daysAhead` days with these hours, whatever weekday today is
 * (public holidays and closure days not subtracted: an upper bound, the same for every day of the week).
 */
export function openDaysSlots(week: WeeklyHours, durationMinutes: number, daysAhead: number): number {
  const perDay = week.map((day) => slotsPerDay(day, durationMinutes));
  let most = 0;
  for (let first = 0; first < 7; first++) {
    let total = 0;
    for (let i = 0; i < daysAhead; i++) total += perDay[(first + i) % 7] ?? 0;
    most = Math.max(most, total);
  }
  return most;
}
