/**
 * `npm run generate:data`: writes the data files the lean functions read at run time, from the installed
 * libraries (never by hand), into shared/core/data/:
 * - holidays/<CC>.json: one country's rules from date-holidays' own YAML-to-JSON tool (holidays2json),
 *   picked with the countries its rules refer to (`_days`) and the holiday names it uses;
 *   holiday-countries.json lists the countries (and their states) whose public holidays the bundled parser
 *   computes: those whose public holidays need no calendar the functions leave out (data-files.ts);
 * - holidays/<CC>.dates.json.br (and <CC>-<state>.dates.json.br): for the other countries, their public
 *   holidays computed here by the full date-holidays (which has those calendars) for HOLIDAY_TABLE_YEARS,
 *   filtered as shared/features/schedule/domain/holidays.ts does, brotli; holiday-tables.json lists them (about a minute);
 * - phone-metadata.json.br: libphonenumber-js 'max' metadata (the one that tells mobiles apart), brotli;
 * - free-email-domains.txt.br: free-email-domains-list, one domain a line, sorted, brotli.
 * Run it again after upgrading one of those libraries; test/kernel/unit/core/data-files.test.ts fails until you do.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import DateHolidays from 'date-holidays';
import {
  DATA_DIR,
  HOLIDAY_COUNTRIES_FILE,
  HOLIDAY_TABLE_YEARS,
  HOLIDAY_TABLES_FILE,
  HOLIDAYS_DIR,
  type HolidayTable,
  type HolidayTablesIndex,
  holidayTableFile,
  UNBUNDLED_CALENDARS,
} from '../shared/core/data-files';

type Rules = Record<string, unknown>;
interface HolidayData {
  holidays: Record<string, Rules>;
  names: Record<string, unknown>;
}

const require = createRequire(__filename);
const Holidays2json = require(
  join(dirname(require.resolve('date-holidays/package.json')), 'scripts', 'holidays2json.cjs'),
) as new (
  opts: object,
) => { getList(): { build(): { holidays: HolidayData } } };

const brotli = (text: string): Buffer =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  });

/** Countries a country's rules borrow days from (`_days: [GB]`), found anywhere in its tree. */
function references(node: unknown, into = new Set<string>()): Set<string> {
  if (node && typeof node === 'object') {
    const days = (node as Rules)._days;
    if (typeof days === 'string') into.add(days);
    if (Array.isArray(days) && typeof days[0] === 'string') into.add(days[0]);
    for (const value of Object.values(node)) references(value, into);
  }
  return into;
}

/** Rule keys of public holidays (a rule without a type is public), anywhere in a country's tree. */
function publicRuleKeys(node: unknown, into: string[] = []): string[] {
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'days' && value && typeof value === 'object') {
        for (const [rule, def] of Object.entries(value)) {
          const type = def && typeof def === 'object' ? (def as Rules).type : undefined;
          if (type === undefined || type === 'public') into.push(rule);
        }
      } else {
        publicRuleKeys(value, into);
      }
    }
  }
  return into;
}

function namesUsed(node: unknown, into = new Set<string>(['substitutes'])): Set<string> {
  if (node && typeof node === 'object') {
    const name = (node as Rules)._name;
    if (typeof name === 'string') into.add(name);
    for (const value of Object.values(node)) namesUsed(value, into);
  }
  return into;
}

/**
 * A country's (or state's) public holidays from the full date-holidays, year by year, filtered as
 * shared/features/schedule/domain/holidays.ts filters the parser's: type public, the first ten characters of `date`, one
 * entry per date with the names joined by ' / ', English names with the library's own fallback.
 */
function tableOf(country: string, state: string | undefined): HolidayTable {
  const options = { types: ['public' as const], languages: ['en'] };
  const lib = state ? new DateHolidays(country, state, options) : new DateHolidays(country, options);
  const table: HolidayTable = {};
  for (let year = HOLIDAY_TABLE_YEARS.from; year <= HOLIDAY_TABLE_YEARS.to; year++) {
    const byDate = new Map<string, string[]>();
    for (const h of lib.getHolidays(year, 'en')) {
      if (h.type !== 'public') continue;
      const date = h.date.slice(0, 10);
      if (!date.startsWith(`${year}-`)) throw new Error(`${country} ${year}: a holiday on ${date}`);
      const names = byDate.get(date) ?? [];
      if (!names.includes(h.name)) names.push(h.name);
      byDate.set(date, names);
    }
    table[year] = [...byDate.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, names]) => [date.slice(5), names.join(' / ')]);
  }
  return table;
}

function main(): void {
  const all = new Holidays2json({}).getList().build().holidays;
  const closure = (code: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(code)) return seen;
    seen.add(code);
    for (const ref of references(all.holidays[code])) closure(ref, seen);
    return seen;
  };

  rmSync(HOLIDAYS_DIR, { recursive: true, force: true });
  mkdirSync(HOLIDAYS_DIR, { recursive: true });
  const index: Record<string, string[]> = {};
  const left: string[] = [];
  for (const code of Object.keys(all.holidays).sort()) {
    const picked = [...closure(code)].sort();
    const holidays = Object.fromEntries(picked.map((c) => [c, all.holidays[c] as Rules]));
    const keys = picked.flatMap((c) => publicRuleKeys(holidays[c]));
    if (keys.some((key) => UNBUNDLED_CALENDARS.test(key))) {
      left.push(code);
      continue;
    }
    const used = namesUsed(holidays);
    const data: HolidayData = {
      holidays,
      names: Object.fromEntries(Object.entries(all.names).filter(([name]) => used.has(name))),
    };
    writeFileSync(join(HOLIDAYS_DIR, `${code}.json`), `${JSON.stringify(data)}\n`);
    const country = holidays[code] as { states?: Rules; regions?: Rules };
    index[code] = Object.keys(country.states ?? country.regions ?? {}).sort();
  }
  writeFileSync(HOLIDAY_COUNTRIES_FILE, `${JSON.stringify(index, null, 1)}\n`);

  const tables: HolidayTablesIndex = {
    library: `date-holidays ${(require('date-holidays/package.json') as { version: string }).version}`,
    ...HOLIDAY_TABLE_YEARS,
    countries: {},
  };
  let bytes = 0;
  for (const code of left) {
    const country = all.holidays[code] as { states?: Rules; regions?: Rules };
    const states = Object.keys(country.states ?? country.regions ?? {}).sort();
    for (const state of [undefined, ...states]) {
      const file = holidayTableFile(state === undefined ? code : `${code}-${state}`);
      const data = brotli(JSON.stringify(tableOf(code, state)));
      writeFileSync(file, data);
      bytes += data.length;
    }
    tables.countries[code] = states;
  }
  writeFileSync(HOLIDAY_TABLES_FILE, `${JSON.stringify(tables, null, 1)}\n`);
  console.log(
    `holidays: ${Object.keys(index).length} countries by rules; ${left.length} precomputed for ` +
      `${HOLIDAY_TABLE_YEARS.from}-${HOLIDAY_TABLE_YEARS.to} (calendars not bundled, ` +
      `${Math.round(bytes / 1024)} KB): ${left.join(' ')}`,
  );

  const phone = JSON.stringify(require('libphonenumber-js/metadata.max.json'));
  writeFileSync(join(DATA_DIR, 'phone-metadata.json.br'), brotli(phone));

  const { DOMAINS } = require('free-email-domains-list') as { DOMAINS: Set<string> };
  writeFileSync(join(DATA_DIR, 'free-email-domains.txt.br'), brotli([...DOMAINS].sort().join('\n')));
  console.log(`phone metadata and ${DOMAINS.size} free e-mail domains written`);
}

main();
