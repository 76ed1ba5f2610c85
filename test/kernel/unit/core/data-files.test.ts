import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import DateHolidays from 'date-holidays';
import { version as DATE_HOLIDAYS_VERSION } from 'date-holidays/package.json';
import { DOMAINS } from 'free-email-domains-list';
import MAX_METADATA from 'libphonenumber-js/metadata.max.json';
import COUNTRIES from '../../../../shared/core/data/holiday-countries.json';
import TABLES from '../../../../shared/core/data/holiday-tables.json';
import {
  FREE_EMAIL_DOMAINS_FILE,
  HOLIDAY_TABLE_YEARS,
  HOLIDAYS_DIR,
  PHONE_METADATA_FILE,
} from '../../../../shared/core/data-files';
import { publicHoliday, publicHolidays } from '../../../../shared/features/schedule/domain/holidays';
import { sampler } from '../../../support/sample';

/**
 * The generated data files (npm run generate:data) are the installed libraries' data: this fails after a
 * library upgrade until they are generated again. The holidays are compared for the countries the API's
 * users and tests lean on, and for a seeded sample of the others, another each run (HOLIDAYS_SEED in each
 * label; HOLIDAYS_SEED=all compares every country, as after a library upgrade).
 */
const SAMPLE = sampler('HOLIDAYS_SEED');
const EVERY = process.env.HOLIDAYS_SEED === 'all';
const ALWAYS = ['FR', 'DE', 'BE', 'CH', 'IT', 'ES', 'GB', 'US', 'CA', 'AE'];
const ALWAYS_TABLED = ['JP', 'CN', 'KR', 'RU', 'UA', 'CL', 'EG'];
/** The codes always compared, then `count` others of `list` picked by this run's seed. */
const compared = (list: string[], always: string[], count: number, salt: string) =>
  EVERY
    ? list
    : [
        ...list.filter((c) => always.includes(c.split('-')[0] ?? '')),
        ...SAMPLE.some(
          list.filter((c) => !always.includes(c.split('-')[0] ?? '')),
          count,
          salt,
        ),
      ];
const unbrotli = (file: string) => brotliDecompressSync(readFileSync(file)).toString('utf8');

it('the phone metadata is libphonenumber-js max metadata', () => {
  expect(JSON.parse(unbrotli(PHONE_METADATA_FILE))).toEqual(MAX_METADATA);
});

it('the free e-mail domains are free-email-domains-list', () => {
  const lines = unbrotli(FREE_EMAIL_DOMAINS_FILE).split('\n');
  expect(lines).toHaveLength(DOMAINS.size);
  expect(new Set(lines)).toEqual(DOMAINS);
});

describe('holidays from the picked rules are the full library holidays', () => {
  const full = new DateHolidays();
  const all = Object.keys(full.getCountries());
  const picked = Object.keys(COUNTRIES);

  it('covers most countries, France, its neighbours and the ones the tests use', () => {
    expect(picked.length).toBeGreaterThan(all.length * 0.8);
    for (const code of ALWAYS) {
      expect(picked).toContain(code);
    }
  });

  /** What the API answered with date-holidays itself: public holidays, one per date, names joined. */
  const expected = (code: string, year: number) => {
    const byDate = new Map<string, string[]>();
    const [country = '', state] = code.split('-');
    const lib = state
      ? new DateHolidays(country, state, { types: ['public'], languages: ['en'] })
      : new DateHolidays(country, { types: ['public'], languages: ['en'] });
    for (const h of lib.getHolidays(year, 'en')) {
      if (h.type !== 'public') continue;
      const names = byDate.get(h.date.slice(0, 10)) ?? [];
      if (!names.includes(h.name)) names.push(h.name);
      byDate.set(h.date.slice(0, 10), names);
    }
    return [...byDate.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, names]) => ({ name: names.join(' / '), date }));
  };

  it.each(compared(picked, ALWAYS, 8, 'rules'))(
    `%s and its states, 1999 and 2026 (${SAMPLE.label})`,
    (code) => {
      // Settings take a state code of one to three letters or digits (as the API did with date-holidays).
      const states = ((COUNTRIES as Record<string, string[]>)[code] ?? []).filter((s) =>
        /^[A-Z0-9]{1,3}$/.test(s),
      );
      for (const c of [code, ...states.map((s) => `${code}-${s}`)]) {
        for (const year of [1999, 2026])
          expect([c, year, publicHolidays(year, c)]).toEqual([c, year, expected(c, year)]);
      }
    },
  );

  describe('countries whose calendars are not bundled: precomputed tables', () => {
    const tabled = Object.keys(TABLES.countries);
    const codes = tabled.flatMap((code) => [
      code,
      ...((TABLES.countries as Record<string, string[]>)[code] ?? []).map((s) => `${code}-${s}`),
    ]);

    it('were computed with the installed date-holidays (run npm run generate:data after an upgrade)', () => {
      expect(TABLES.library).toBe(`date-holidays ${DATE_HOLIDAYS_VERSION}`);
      expect({ from: TABLES.from, to: TABLES.to }).toEqual(HOLIDAY_TABLE_YEARS);
    });

    it('with the rules, cover every country of the library, each one way', () => {
      expect(tabled.filter((code) => picked.includes(code))).toEqual([]);
      expect([...picked, ...tabled].sort()).toEqual([...all].sort());
      expect(tabled).toEqual(expect.arrayContaining(ALWAYS_TABLED));
    });

    it('hold one file per country and state, and no other', () => {
      const files = readdirSync(HOLIDAYS_DIR).filter((f) => f.endsWith('.dates.json.br'));
      expect(files.sort()).toEqual(codes.map((c) => `${c}.dates.json.br`).sort());
    });

    // Four others a run: these calendars are the library's costliest to compute (Hong Kong's four years took
    // 0.4 s in plain Node and 1.5 s under jest's former sandbox, measured 2026-11-26).
    it.each(compared(codes, ALWAYS_TABLED, 4, 'tables'))(
      `%s, first and last years, 1999 and 2026 (${SAMPLE.label})`,
      (code) => {
        for (const year of [TABLES.from, 1999, 2026, TABLES.to]) {
          expect([code, year, publicHolidays(year, code)]).toEqual([code, year, expected(code, year)]);
        }
      },
    );

    it.each(tabled)('%s outside the years is a validation error, never a guess', (code) => {
      expect(() => publicHolidays(TABLES.from - 1, code)).toThrow(
        `year: holidays of ${code} are known from ${TABLES.from} to ${TABLES.to}`,
      );
      expect(() => publicHoliday(`${TABLES.to + 1}-01-01`, code)).toThrow(
        `date: holidays of ${code} are known from ${TABLES.from} to ${TABLES.to}`,
      );
    });
  });
});
