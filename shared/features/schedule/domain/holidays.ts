/**
 * Public holidays of a country for any year, computed by date-holidays-parser from date-holidays' rules
 * (docs/CONTRACT.md#v2-in-short: "the public holidays of the entity's country (default France, metropolitan) computed for
 * any year"). A function reads one country's rules, the first time it needs them, from the data files
 * `npm run generate:data` writes (data-files.ts). The countries whose public holidays need a calendar the
 * functions do not bundle (Chinese, Julian, equinox...: JP, CN, KR, RU...) are not computed here: the same
 * command precomputes their public holidays with the full `date-holidays` for a fixed range of years
 * (1970-2100), one small file per country or state, read the first time it is needed; a year outside that
 * range is a validation error for them (README "Benchmark").
 *
 * What date-holidays 3.37 gives, checked when this was written:
 * - `FR` alone is metropolitan France: 11 public holidays a year — New Year's Day, Easter Monday, Labour
 *   Day, Victory Day (8 May), Ascension Day, Whit Monday, Bastille Day, Assumption, All Saints' Day,
 *   Armistice Day, Christmas Day. Whit Monday ("Lundi de Pentecôte", Easter + 50) IS typed `public`
 *   (it is a legal jour férié, even where employers use it as the "journée de solidarité"); Easter Sunday
 *   and Whit Sunday are only `observance` and so are left out. Alsace-Moselle (`FR-57`, `FR-67`, `FR-68`)
 *   adds Good Friday and 26 December (St Stephen's Day, named 'Boxing Day' in English); overseas
 *   departments are states too (`FR-GP`, `FR-RE`...).
 * - Each holiday's `date` is 'YYYY-MM-DD hh:mm:ss[ ±hh:mm]' in the country's own calendar and does not
 *   depend on the process time zone. Some holidays (Islamic ones, for instance) *start* the evening
 *   before (`start` is the previous day at 18:00), so asking `isHoliday()` with an instant would flag that
 *   evening: we only ever compare the first ten characters of `date`.
 * - Names exist in English for every country's common holidays; a name without an English translation
 *   comes in the country's own language (the library's fallback).
 * - Two holidays can fall on one date (DE 2008: Labour Day and Ascension Day); we return one holiday per
 *   date with the names joined by ' / ', since a holiday closes the whole day either way.
 * - An unknown country or state does not throw in the library (it yields no holidays, or the country's
 *   holidays for an unknown state), so we check the code ourselves and refuse it.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Holidays from 'date-holidays-parser';
import { HOLIDAYS_DIR, type HolidayTable, holidayTableFile } from '../../../core/data-files';
import { isValidIsoDate } from '../../../core/dates';
import { DEFAULT_COUNTRY } from '../../../core/defaults';
import { invalidDate, invalidField } from '../../../core/errors';
import { isSupportedCountry, parseCode, STATES, TABLES } from './countries';

/** Also here, where the holidays' tests and tools have always found it. */
export { isSupportedCountry } from './countries';

export interface Holiday {
  name: string;
  date: string;
}

const LANGUAGE = 'en';
const NAME_SEPARATOR = ' / ';
const YEAR_BOUNDS = { min: 1900, max: 2200 } as const;

// One library instance per country code, and the computed lists per year: rules are parsed once.
const instances = new Map<string, Holidays>();
const lists = new Map<string, readonly Holiday[]>();
const rules = new Map<string, object>();
const tables = new Map<string, HolidayTable>();

/** 'JP' or 'MY-01' from a supported code in any case; a validation error for any other code. */
function supportedKey(country: string): { key: string; country: string; state?: string } {
  const parsed = parseCode(country);
  if (!parsed || !isSupportedCountry(country)) {
    throw invalidField(
      'country',
      'not a supported country code (ISO 3166, e.g. FR or DE-BY; the countries are listed in the README)',
    );
  }
  return {
    ...parsed,
    key: parsed.state === undefined ? parsed.country : `${parsed.country}-${parsed.state}`,
  };
}

/** One country's rules, read once per container from its generated data file. */
function rulesOf(country: string): object {
  let data = rules.get(country);
  if (!data) {
    data = JSON.parse(readFileSync(join(HOLIDAYS_DIR, `${country}.json`), 'utf8')) as object;
    rules.set(country, data);
  }
  return data;
}

function instanceFor(key: string, parsed: { country: string; state?: string }): Holidays {
  let holidays = instances.get(key);
  if (!holidays) {
    holidays = new Holidays(rulesOf(parsed.country), parsed, { types: ['public'], languages: [LANGUAGE] });
    // No time zone: holidays are calendar dates, and the start/end instants (which need moment-timezone's
    // zone data) are never read. The parser documents undefined as "all dates are local dates".
    holidays.setTimezone(undefined as unknown as string);
    instances.set(key, holidays);
  }
  return holidays;
}

/** One year of public holidays by the bundled parser and the country's rules. */
function computed(year: number, key: string, parsed: { country: string; state?: string }): Holiday[] {
  const byDate = new Map<string, string[]>();
  for (const h of instanceFor(key, parsed).getHolidays(year, LANGUAGE)) {
    if (h.type !== 'public') continue;
    const date = h.date.slice(0, 10);
    const names = byDate.get(date) ?? [];
    if (!names.includes(h.name)) names.push(h.name);
    byDate.set(date, names);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, names]) => ({ name: names.join(NAME_SEPARATOR), date }));
}

/** One year of public holidays from a precomputed table (read once per container); the range is checked. */
function precomputed(year: number, key: string, field: 'date' | 'year'): Holiday[] {
  if (year < TABLES.from || year > TABLES.to) {
    throw invalidField(field, `holidays of ${key} are known from ${TABLES.from} to ${TABLES.to}`);
  }
  let table = tables.get(key);
  if (!table) {
    table = JSON.parse(
      brotliDecompressSync(readFileSync(holidayTableFile(key))).toString('utf8'),
    ) as HolidayTable;
    tables.set(key, table);
  }
  return (table[year] ?? []).map(([monthDay, name]) => ({ name, date: `${year}-${monthDay}` }));
}

function listFor(year: number, country: string, field: 'date' | 'year'): readonly Holiday[] {
  if (!Number.isInteger(year) || year < YEAR_BOUNDS.min || year > YEAR_BOUNDS.max) {
    throw invalidField('year', `must be a whole year from ${YEAR_BOUNDS.min} to ${YEAR_BOUNDS.max}`);
  }
  const { key, ...parsed } = supportedKey(country);
  const cacheKey = `${key}:${year}`;
  const cached = lists.get(cacheKey);
  if (cached) return cached;

  const list = Object.freeze(
    (Object.hasOwn(STATES, parsed.country) ? computed(year, key, parsed) : precomputed(year, key, field)).map(
      (h) => Object.freeze(h),
    ),
  );
  lists.set(cacheKey, list);
  return list;
}

/** The public holiday on a YYYY-MM-DD date in a country, or null; a holiday closes the whole day. */
export function publicHoliday(date: string, country: string = DEFAULT_COUNTRY): Holiday | null {
  if (!isValidIsoDate(date)) throw invalidDate('date');
  const found = listFor(Number(date.slice(0, 4)), country, 'date').find((h) => h.date === date);
  return found ? { ...found } : null;
}

/** A country's public holidays in a year, sorted by date, one entry per date. */
export function publicHolidays(year: number, country: string = DEFAULT_COUNTRY): Holiday[] {
  return listFor(year, country, 'year').map((h) => ({ ...h }));
}
