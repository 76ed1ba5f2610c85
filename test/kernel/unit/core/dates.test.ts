import { DateTime } from 'luxon';
import { addDays, isoInZone, isValidIsoDate } from '../../../../shared/core/dates';
import { sampler } from '../../../support/sample';

/**
 * The date functions every read and write runs, written without luxon's per-call work where plain
 * arithmetic or a remembered offset is exact; luxon, as the code used it before, is the reference here.
 */
const sample = sampler('DATES_SEED');

const luxonIso = (instant: Date, zone: string) =>
  DateTime.fromJSDate(instant, { zone })
    .startOf('second')
    .toISO({ suppressMilliseconds: true, includeOffset: true }) ?? instant.toISOString();
const luxonAddDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;
const luxonValid = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = DateTime.fromISO(value, { zone: 'UTC' });
  return parsed.isValid && parsed.year >= 1900 && parsed.year <= 2200;
};

// Zones with whole-hour, half-hour and 45-minute offsets, half-hour DST (Lord Howe), southern DST, a zone
// whose DST pauses for Ramadan, historical offsets with seconds (Paris before 1911), and UTC's names.
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Santiago',
  'Africa/Casablanca',
  'Europe/London',
  'Asia/Tokyo',
  'UTC',
  'Etc/UTC',
  'utc',
];

describe(`isoInZone writes what luxon writes (${sample.label})`, () => {
  it.each(ZONES)('%s: through the year 2026, and at each second around its changes', (zone) => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    const wrong: string[] = [];
    // Every 389 minutes (each minute of the hour comes round), twice: the second pass answers from the
    // remembered hours and must write the same.
    const first = new Map<number, string>();
    for (let t = start; t < end; t += 389 * 60_000) {
      const instant = new Date(t + 7_321);
      const written = isoInZone(instant, zone);
      first.set(t, written);
      if (written !== luxonIso(instant, zone)) wrong.push(instant.toISOString());
    }
    for (const [t, written] of first)
      if (isoInZone(new Date(t + 7_321), zone) !== written) wrong.push(`again ${t}`);
    // Each change of offset, found to the second, and the two minutes around it, second by second.
    const offset = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
    for (let t = start; t < end; t += 86_400_000) {
      if (offset(t) === offset(t + 86_400_000)) continue;
      let [low, high] = [t, t + 86_400_000];
      while (high - low > 1000) {
        const mid = Math.floor((low + high) / 2000) * 1000;
        if (offset(mid) === offset(t)) low = mid;
        else high = mid;
      }
      for (let s = high - 60_000; s <= high + 60_000; s += 1000) {
        const instant = new Date(s);
        if (isoInZone(instant, zone) !== luxonIso(instant, zone)) wrong.push(instant.toISOString());
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('at sampled instants from 1850 to 2300, in sampled zones (offsets with seconds fall back to luxon)', () => {
    const pick = sample.picker('instants');
    const wrong: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const zone = pick(ZONES);
      const instant = new Date(
        Date.UTC(1850, 0, 1) +
          pick(Array.from({ length: 1000 }, (_, k) => k)) * 14_200_000_000 +
          pick([0, 999, 123_456, 3_599_999]),
      );
      if (isoInZone(instant, zone) !== luxonIso(instant, zone))
        wrong.push(`${zone} ${instant.toISOString()}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('an invalid date or zone answers as before', () => {
    expect(isoInZone(new Date(Date.UTC(2026, 10, 26, 9)), 'Mars/Olympus')).toBe(
      luxonIso(new Date(Date.UTC(2026, 10, 26, 9)), 'Mars/Olympus'),
    );
    expect(isoInZone(new Date(Date.UTC(2026, 10, 26, 9)), 'UTC+1')).toBe('2026-11-26T10:00:00+01:00');
  });
});

describe(`addDays and isValidIsoDate agree with luxon (${sample.label})`, () => {
  const pick = sample.picker('dates');
  const dates = Array.from({ length: 2000 }, () => {
    const year = pick([1899, 1900, 1904, 1999, 2000, 2024, 2026, 2100, 2200, 2201, 9999, 1000]);
    const month = pick(Array.from({ length: 14 }, (_, k) => k));
    const day = pick(Array.from({ length: 33 }, (_, k) => k));
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });

  it('a calendar date is valid when luxon reads it as one (years 1900 to 2200)', () => {
    expect(dates.filter((d) => isValidIsoDate(d) !== luxonValid(d))).toEqual([]);
    for (const odd of ['2026-1-01', '2026-01-01T00:00', '', 'tomorrow', '20260101'])
      expect(isValidIsoDate(odd)).toBe(false);
  });

  it('adding days, forward and back, over months, leap days and centuries', () => {
    const wrong: string[] = [];
    for (const date of dates) {
      const days = pick([0, 1, -1, 28, -29, 31, 59, 365, -366, 1461, -36524, 146097]);
      if (addDays(date, days) !== luxonAddDays(date, days)) wrong.push(`${date} ${days}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-26T10:00:00', 1)).toBe(luxonAddDays('2026-11-26T10:00:00', 1));
  });
});
