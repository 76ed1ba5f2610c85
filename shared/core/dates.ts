import { DateTime, IANAZone, Info } from 'luxon';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Year, month and day of a YYYY-MM-DD that is a real calendar date; null otherwise. */
function calendarDate(value: string): [number, number, number] | null {
  if (!ISO_DATE.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= length ? [year, month, day] : null;
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one), years 1900 to 2200. */
export function isValidIsoDate(value: string): boolean {
  const date = calendarDate(value);
  return date !== null && date[0] >= 1900 && date[0] <= 2200;
}

/** Days from `from` to `to`, both YYYY-MM-DD; negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const a = DateTime.fromISO(from, { zone: 'UTC' });
  const b = DateTime.fromISO(to, { zone: 'UTC' });
  return Math.round(b.diff(a, 'days').days);
}

/** The ends of an open date range (only a start, or only an end): they sort before and after every date. */
export const BEFORE_ALL_DATES = '0000-00-00';
export const AFTER_ALL_DATES = '9999-12-31';

/**
 * The date `days` after (or before, when negative) an ISO date: calendar arithmetic, no zone involved
 * (it runs for every day of every range; luxon's was a fifth of the CPU of a day-by-day read, measured).
 * A value that is not a real YYYY-MM-DD date goes through luxon as before.
 */
export function addDays(dateIso: string, days: number): string {
  const date = calendarDate(dateIso);
  if (date && date[0] >= 1000 && Math.abs(days) <= 1_000_000) {
    const at = new Date(0);
    at.setUTCFullYear(date[0], date[1] - 1, date[2] + days);
    const year = at.getUTCFullYear();
    if (year >= 1000 && year <= 9999) return at.toISOString().slice(0, 10);
  }
  return DateTime.fromISO(dateIso, { zone: 'UTC' }).plus({ days }).toISODate() ?? dateIso;
}

/** Every date from `from` to `to` inclusive. */
export function datesInRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Today's date in a time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timezone }).toISODate() ?? now.toISOString().slice(0, 10);
}

/** ISO 8601 to the second with the zone's offset, as luxon writes it (the reference, used where the fast way does not apply). */
function luxonIsoInZone(instant: Date, timezone: string): string {
  return (
    DateTime.fromJSDate(instant, { zone: timezone })
      .startOf('second')
      .toISO({ suppressMilliseconds: true, includeOffset: true }) ?? instant.toISOString()
  );
}

/** The IANA zones luxon takes a name as (not UTC, not a fixed offset: luxon writes those its own way). */
const ianaZones = new Map<string, IANAZone | null>();
function ianaZone(name: string): IANAZone | null {
  let zone = ianaZones.get(name);
  if (zone === undefined) {
    const normalized = Info.normalizeZone(name);
    zone = normalized instanceof IANAZone && normalized.isValid ? normalized : null;
    if (ianaZones.size < 1000) ianaZones.set(name, zone);
  }
  return zone;
}

/**
 * A zone's offset in minutes at an instant, remembered per zone and hour. An hour is remembered only when
 * the offset is the same at its first and last millisecond, so an hour with a change of offset is asked
 * each time (the time zone data has no hour with two changes). Luxon asks Intl for every instant it
 * places in a zone (formatToParts, the largest part of writing a list's timestamps: measured).
 */
const hourOffsets = new Map<string, number>();
function offsetAt(zone: IANAZone, ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  const key = `${zone.name}|${hour}`;
  const known = hourOffsets.get(key);
  if (known !== undefined) return known;
  const first = zone.offset(hour * 3_600_000);
  if (first !== zone.offset((hour + 1) * 3_600_000 - 1)) return zone.offset(ms);
  if (hourOffsets.size >= 100_000) hourOffsets.clear();
  hourOffsets.set(key, first);
  return first;
}

const two = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 to the second with the zone's offset, e.g. 2026-11-23T10:15:00+01:00 (what luxon writes). */
export function isoInZone(instant: Date, timezone: string): string {
  const zone = ianaZone(timezone);
  const ms = instant.getTime();
  if (!zone || !Number.isFinite(ms)) return luxonIsoInZone(instant, timezone);
  const second = Math.floor(ms / 1000) * 1000;
  const offset = offsetAt(zone, second);
  const local = new Date(second + offset * 60_000);
  const year = local.getUTCFullYear();
  if (year < 1000 || year > 9999 || !Number.isInteger(offset)) return luxonIsoInZone(instant, timezone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.toISOString().slice(0, 19)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** The zones found valid so far: at most the few hundred IANA names (a refused name is not kept). */
const validZones = new Set<string>();

/**
 * True for an IANA time zone name (Europe/Paris); luxon's looser forms (UTC+1, local, system) are not.
 * Luxon asks Intl each time (a new DateTimeFormat: measured at 0.4 ms of a booking), so a valid name is
 * remembered.
 */
export function isValidTimezone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  const valid = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone) && IANAZone.isValidZone(zone);
  if (valid) validZones.add(zone);
  return valid;
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'HH:MM[:SS]' to 'HH:MM:SS' (24:00 so a period can end at midnight); null lets callers name the field. */
export function normalizeTime(value: string): string | null {
  const match = TIME.exec(value);
  if (!match) return null;
  const [, hh = '', mm = '', ss = '00'] = match;
  const h = Number(hh);
  const m = Number(mm);
  const s = Number(ss);
  if (h === 24) return m === 0 && s === 0 ? '24:00:00' : null;
  if (h > 23 || m > 59 || s > 59) return null;
  return `${hh}:${mm}:${ss}`;
}
