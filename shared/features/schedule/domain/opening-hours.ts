/**
 * Weekly opening hours (docs/CONTRACT.md#v2-in-short): seven records, mon..sun,
 * each with up to two periods. A closed weekday has `is_open` 0 and all four times null; a day with one
 * period has `start_time2`/`end_time2` null. Times are wall-clock 'HH:MM:SS' in the entity's time zone.
 */
import { DateTime } from 'luxon';
import { isValidIsoDate, normalizeTime } from '../../../core/dates';
import { invalidDate, invalidField } from '../../../core/errors';

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** ISO order (Monday first), which is also luxon's `weekday` 1..7 order. */
export const WEEKDAYS: readonly Weekday[] = Object.freeze(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

export interface DayHours {
  day_of_week: Weekday;
  start_time1: string | null;
  end_time1: string | null;
  start_time2: string | null;
  end_time2: string | null;
  is_open: 0 | 1;
}

/** Always seven records, mon..sun. */
export type WeeklyHours = DayHours[];

/** A closed weekday as the API shows it: is_open 0 and every time null. */
export function closedDay(day: Weekday): DayHours {
  return {
    day_of_week: day,
    start_time1: null,
    end_time1: null,
    start_time2: null,
    end_time2: null,
    is_open: 0,
  };
}

const demoDay = (day: Weekday): DayHours =>
  day === 'sat' || day === 'sun'
    ? closedDay(day)
    : {
        day_of_week: day,
        start_time1: '09:00:00',
        end_time1: '12:00:00',
        start_time2: '14:00:00',
        end_time2: '18:00:00',
        is_open: 1,
      };

/**
 * The demo entity's week (docs/CONTRACT.md#running-it): Mon–Fri 09:00–12:00 and 14:00–18:00, weekend
 * closed.
 * Frozen because it is shared by every caller: copy it before changing it.
 */
export const DEMO_HOURS: WeeklyHours = WEEKDAYS.map((day) => Object.freeze(demoDay(day)));
Object.freeze(DEMO_HOURS);

/** The weekday of a YYYY-MM-DD date; a bad date throws the API's date error rather than read as closed. */
export function weekdayOf(date: string): Weekday {
  if (!isValidIsoDate(date)) throw invalidDate('date');
  const weekday = WEEKDAYS[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1];
  if (weekday === undefined) throw invalidDate('date');
  return weekday;
}

/** The opening hours that apply on a date; a weekday missing from the stored week counts as closed. */
export function dayHoursFor(hours: WeeklyHours, date: string): DayHours {
  const day = weekdayOf(date);
  return hours.find((h) => h.day_of_week === day) ?? closedDay(day);
}

/** Seconds since midnight of a normalised 'HH:MM:SS' time (24:00:00 gives 86400). */
export function timeToSeconds(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

const TIME_RULE = 'must be a time HH:MM or HH:MM:SS';

/** One weekday from 0 (closed), 1 or 2 periods; refuses what slot generation cannot use. */
export function buildDayHours(day: Weekday, periods: Array<[string, string]>): DayHours {
  if (!WEEKDAYS.includes(day)) throw invalidField('day_of_week', `must be one of ${WEEKDAYS.join(', ')}`);
  if (periods.length === 0) return closedDay(day);
  if (periods.length > 2) throw invalidField('periods', 'at most two periods a day');

  const normalized: Array<[string, string]> = [];
  periods.forEach(([rawStart, rawEnd], index) => {
    const n = index + 1;
    const start = normalizeTime(rawStart);
    if (start === null || start === '24:00:00') throw invalidField(`start_time${n}`, TIME_RULE);
    const end = normalizeTime(rawEnd);
    if (end === null) throw invalidField(`end_time${n}`, TIME_RULE);
    if (timeToSeconds(end) <= timeToSeconds(start)) {
      throw invalidField(`end_time${n}`, `must be after start_time${n}`);
    }
    normalized.push([start, end]);
  });

  const [first, second] = normalized;
  if (first === undefined) return closedDay(day);
  if (second !== undefined && timeToSeconds(second[0]) < timeToSeconds(first[1])) {
    throw invalidField('start_time2', 'must be at or after end_time1');
  }
  return {
    day_of_week: day,
    start_time1: first[0],
    end_time1: first[1],
    start_time2: second?.[0] ?? null,
    end_time2: second?.[1] ?? null,
    is_open: 1,
  };
}
