/**
 * Slot start/end times of one date, and the real instants behind them. Slot dates and times are wall-clock
 * times in the calendar's IANA zone (docs/CONTRACT.md#two-apis-one-data-model), so generation works on the wall clock and only
 * asks the zone whether a start time exists that day.
 */
import { DateTime, IANAZone } from 'luxon';
import { isValidIsoDate, isValidTimezone, normalizeTime } from '../../../core/dates';
import { invalidDate, invalidField } from '../../../core/errors';
import { type DayHours, timeToSeconds } from './opening-hours';

export interface SlotTime {
  start_time: string;
  end_time: string;
}

const DAY_MS = 86_400_000;

function checkDate(date: string): void {
  if (!isValidIsoDate(date)) throw invalidDate('date');
}

// luxon's setZone also takes 'UTC+1', 'local' or 'system', which are not IANA zones and have no offset table.
function zoneOf(timezone: string): IANAZone {
  if (!isValidTimezone(timezone)) {
    throw invalidField('timezone', 'must be an IANA time zone such as Europe/Paris');
  }
  return IANAZone.create(timezone);
}

function secondsToTime(total: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * Every real instant (ms) whose wall clock in the zone reads date+time: none when the clocks jump over it,
 * two when they fall back over it. The offsets in force a day either side cover any single transition.
 */
function instantsOf(date: string, seconds: number, zone: IANAZone): number[] {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d) + seconds * 1000;
  const offsets = new Set([wallAsUtc - DAY_MS, wallAsUtc, wallAsUtc + DAY_MS].map((ts) => zone.offset(ts)));
  const found: number[] = [];
  for (const offset of offsets) {
    const instant = wallAsUtc - offset * 60_000;
    if (zone.offset(instant) === offset && !found.includes(instant)) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

function periodsOf(day: DayHours): Array<[number, number]> {
  if (day.is_open !== 1) return [];
  const periods: Array<[number, number]> = [];
  const pairs: Array<[string | null, string | null]> = [
    [day.start_time1, day.end_time1],
    [day.start_time2, day.end_time2],
  ];
  for (const [rawStart, rawEnd] of pairs) {
    if (rawStart === null || rawEnd === null) continue;
    const start = normalizeTime(rawStart);
    const end = normalizeTime(rawEnd);
    if (start === null || end === null) continue;
    periods.push([timeToSeconds(start), timeToSeconds(end)]);
  }
  return periods;
}

// docs/CONTRACT.md#v2-in-short: each period is filled from its start every `durationMinutes` while the slot ends by the
// period's end, none spanning the break. A start the clocks skip is dropped; a repeated one stays one slot.
/** A date's slot times from its opening hours, right on the days the clocks change (docs/CONTRACT.md#two-apis-one-data-model). */
export function slotTimes(
  date: string,
  day: DayHours,
  durationMinutes: number,
  timezone: string,
): SlotTime[] {
  checkDate(date);
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) {
    throw invalidField('duration', 'must be a positive whole number of minutes');
  }
  const zone = zoneOf(timezone);
  const step = durationMinutes * 60;
  const byStart = new Map<number, SlotTime>();
  for (const [start, end] of periodsOf(day)) {
    for (let t = start; t + step <= end; t += step) {
      if (byStart.has(t) || instantsOf(date, t, zone).length === 0) continue;
      byStart.set(t, { start_time: secondsToTime(t), end_time: secondsToTime(t + step) });
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

// A repeated time maps to its earlier occurrence so "has it started" is never answered late.
/** The real instant of a wall-clock time in a zone (earlier one if repeated, luxon's shift if skipped). */
export function startInstant(date: string, time: string, timezone: string): Date {
  checkDate(date);
  const zone = zoneOf(timezone);
  const normalized = normalizeTime(time);
  if (normalized === null) throw invalidField('time', 'must be a time HH:MM or HH:MM:SS');
  const seconds = timeToSeconds(normalized);
  const [earliest] = instantsOf(date, seconds, zone);
  if (earliest !== undefined) return new Date(earliest);
  // Skipped by the clocks: let luxon place it (it moves the wall time forward by the size of the gap).
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const base = DateTime.fromObject({ year, month, day }, { zone: 'UTC' }).plus({ seconds });
  return DateTime.fromObject(
    {
      year: base.year,
      month: base.month,
      day: base.day,
      hour: base.hour,
      minute: base.minute,
      second: base.second,
    },
    { zone },
  ).toJSDate();
}

/** docs/CONTRACT.md#two-apis-one-data-model: "a slot in the past means its start, in that zone, is before now"; booking refuses those. */
export function hasStarted(date: string, time: string, timezone: string, now: Date = new Date()): boolean {
  return startInstant(date, time, timezone).getTime() < now.getTime();
}
