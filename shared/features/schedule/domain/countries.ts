/**
 * Which country codes the public holidays know, apart from the holidays themselves (holidays.ts): the
 * settings check a country with this on every change, and a function that only checks a code (the
 * settings, closures and opening-hours changes) then loads neither date-holidays-parser nor its rules
 * (docs/design/observability.md, "Cold starts: less code to compile").
 */
import COUNTRIES from '../../../core/data/holiday-countries.json';
import TABLES_INDEX from '../../../core/data/holiday-tables.json';
import type { HolidayTablesIndex } from '../../../core/data-files';

/** 'FR', or a country and one subdivision as the settings accept it: 'DE-BY', 'FR-57'. */
const CODE = /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/;

/** The countries whose holidays the bundled parser computes from their rules, with their states. */
export const STATES: Readonly<Record<string, readonly string[]>> = COUNTRIES;
/** Countries whose public holidays are precomputed (their calendars are not bundled), and their tables. */
export const TABLES: Readonly<HolidayTablesIndex> = TABLES_INDEX;

/** A code's country and state, in capitals ('de-by': DE and BY); null when it is not shaped as one. */
export function parseCode(country: string): { country: string; state?: string } | null {
  const match = CODE.exec(country.trim().toUpperCase());
  if (!match) return null;
  const [, code = '', state] = match;
  return state === undefined ? { country: code } : { country: code, state };
}

/** True when the generated data holds the country (and state, as in 'DE-BY'); settings should check with it. */
export function isSupportedCountry(country: string): boolean {
  const parsed = parseCode(country);
  if (!parsed) return false;
  const states = Object.hasOwn(STATES, parsed.country)
    ? STATES[parsed.country]
    : Object.hasOwn(TABLES.countries, parsed.country)
      ? TABLES.countries[parsed.country]
      : undefined;
  if (!states) return false;
  return parsed.state === undefined || states.includes(parsed.state);
}
