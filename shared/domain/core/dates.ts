import { DateTime, IANAZone } from 'luxon';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = DateTime.fromISO(value, { zone: 'UTC' });
  return parsed.isValid && parsed.year >= 1900 && parsed.year <= 2200;
}

/** Days from `from` to `to`, both YYYY-MM-DD; negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  const a = DateTime.fromISO(from, { zone: 'UTC' });
  const b = DateTime.fromISO(to, { zone: 'UTC' });
  return Math.round(b.diff(a, 'days').days);
}

/** The date `days` after (or before, when negative) an ISO date. */
export function addDays(dateIso: string, days: number): string {
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

/** ISO 8601 to the second with the zone's offset, e.g. 2026-11-23T10:15:00+01:00. */
export function isoInZone(instant: Date, timezone: string): string {
  return (
    DateTime.fromJSDate(instant, { zone: timezone })
      .startOf('second')
      .toISO({ suppressMilliseconds: true, includeOffset: true }) ?? instant.toISOString()
  );
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
