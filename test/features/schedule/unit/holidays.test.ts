import { AppError } from '../../../../shared/core/errors';
import {
  isSupportedCountry,
  publicHoliday,
  publicHolidays,
} from '../../../../shared/features/schedule/domain/holidays';

// Easter Sundays 2025-2030: 20 Apr, 5 Apr, 28 Mar, 16 Apr, 1 Apr, 21 Apr. The dates below are written out
// by hand (Easter + 1, + 39, + 50), not computed, so they check the library rather than repeat it.
const FR_MOVABLE: Array<[string, string]> = [
  ['2025-04-21', 'Easter Monday'],
  ['2025-05-29', 'Ascension Day'],
  ['2025-06-09', 'Whit Monday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-14', 'Ascension Day'],
  ['2026-05-25', 'Whit Monday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-06', 'Ascension Day'],
  ['2027-05-17', 'Whit Monday'],
  ['2028-04-17', 'Easter Monday'],
  ['2028-05-25', 'Ascension Day'],
  ['2028-06-05', 'Whit Monday'],
  ['2029-04-02', 'Easter Monday'],
  ['2029-05-10', 'Ascension Day'],
  ['2029-05-21', 'Whit Monday'],
  ['2030-04-22', 'Easter Monday'],
  ['2030-05-30', 'Ascension Day'],
  ['2030-06-10', 'Whit Monday'],
];

const FR_FIXED: Array<[string, string]> = [
  ['01-01', "New Year's Day"],
  ['05-01', 'Labour Day'],
  ['05-08', 'Victory Day'],
  ['07-14', 'Bastille Day'],
  ['08-15', 'Assumption'],
  ['11-01', "All Saints' Day"],
  ['11-11', 'Armistice Day'],
  ['12-25', 'Christmas Day'],
];

const YEARS = [2025, 2026, 2027, 2028, 2029, 2030];

describe('publicHoliday, France (metropolitan)', () => {
  it.each(FR_MOVABLE)('%s is %s', (date, name) => {
    expect(publicHoliday(date, 'FR')).toEqual({ name, date });
  });

  it.each(YEARS.flatMap((year) => FR_FIXED.map(([md, name]) => [`${year}-${md}`, name] as const)))(
    '%s is %s',
    (date, name) => {
      expect(publicHoliday(date, 'FR')).toEqual({ name, date });
    },
  );

  it.each([
    ['2026-11-23', 'an ordinary Monday'],
    ['2026-04-05', 'Easter Sunday (an observance, not a public holiday)'],
    ['2026-05-24', 'Whit Sunday (an observance)'],
    ['2026-04-03', 'Good Friday (Alsace-Moselle only)'],
    ['2026-12-26', '26 December (Alsace-Moselle only)'],
    ['2026-12-24', 'Christmas Eve'],
    ['2026-05-13', 'the eve of Ascension'],
    ['2026-05-26', 'the day after Whit Monday'],
  ])('%s (%s) is not one', (date) => {
    expect(publicHoliday(date, 'FR')).toBeNull();
  });

  it('defaults to France', () => {
    expect(publicHoliday('2026-07-14')).toEqual({ name: 'Bastille Day', date: '2026-07-14' });
  });

  it('takes the country code in any case', () => {
    expect(publicHoliday('2026-07-14', 'fr')).toEqual({ name: 'Bastille Day', date: '2026-07-14' });
  });

  it('works for years far from now', () => {
    expect(publicHoliday('2100-07-14', 'FR')?.name).toBe('Bastille Day');
    expect(publicHoliday('1990-04-16', 'FR')?.name).toBe('Easter Monday');
  });
});

describe('publicHolidays', () => {
  it.each(YEARS)('France %d: the eleven public holidays, sorted by date', (year) => {
    const list = publicHolidays(year, 'FR');
    const expected = [
      ...FR_FIXED.map(([md, name]) => ({ date: `${year}-${md}`, name })),
      ...FR_MOVABLE.filter(([date]) => date.startsWith(String(year))).map(([date, name]) => ({ date, name })),
    ].sort((a, b) => a.date.localeCompare(b.date));
    expect(list).toEqual(expected);
    expect(list).toHaveLength(11);
  });

  it('Alsace-Moselle adds Good Friday and 26 December', () => {
    const dates = publicHolidays(2026, 'FR-57').map((h) => h.date);
    expect(dates).toHaveLength(13);
    expect(dates).toEqual(expect.arrayContaining(['2026-04-03', '2026-12-26', '2026-05-25']));
  });

  it('returns copies: changing one does not change the next answer', () => {
    const first = publicHolidays(2026, 'FR');
    (first[0] as { name: string }).name = 'changed';
    first.pop();
    expect(publicHolidays(2026, 'FR')[0]?.name).toBe("New Year's Day");
    expect(publicHolidays(2026, 'FR')).toHaveLength(11);
  });

  it('gives one entry per date, names joined, when two holidays coincide (DE 2008)', () => {
    const list = publicHolidays(2008, 'DE');
    expect(list.filter((h) => h.date === '2008-05-01')).toEqual([
      { date: '2008-05-01', name: 'Labour Day / Ascension Day' },
    ]);
    expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
  });

  it.each([1899, 2201, 2026.5, Number.NaN])('refuses the year %p', (year) => {
    expect(() => publicHolidays(year, 'FR')).toThrow(AppError);
  });
});

describe('other countries', () => {
  it.each([
    ['DE', '2026-04-03', 'Good Friday'],
    ['DE', '2026-10-03', 'National Holiday'],
    ['DE', '2026-12-26', 'Boxing Day'],
    ['DE', '2027-05-17', 'Whit Monday'],
    ['BE', '2026-07-21', 'National Holiday'],
    ['BE', '2026-05-25', 'Whit Monday'],
    ['BE', '2026-11-11', 'Armistice Day'],
    ['DE-BY', '2026-01-06', 'Epiphany'],
    ['DE-BY', '2026-06-04', 'Corpus Christi'],
    ['US', '2026-07-04', 'Independence Day'],
  ])('%s %s is %s', (country, date, name) => {
    expect(publicHoliday(date, country)).toEqual({ name, date });
  });

  it.each([
    ['DE', '2026-07-14'],
    ['DE', '2026-01-06'],
    ['BE', '2026-05-08'],
    ['US', '2026-07-14'],
  ])('%s %s is not one', (country, date) => {
    expect(publicHoliday(date, country)).toBeNull();
  });

  it('a holiday that starts the evening before belongs to its own date only (AE, Eid al-Fitr 2026)', () => {
    expect(publicHoliday('2026-03-19', 'AE')).toBeNull();
    expect(publicHoliday('2026-03-20', 'AE')?.name).toMatch(/Eid al-Fitr/);
  });
});

describe('isSupportedCountry', () => {
  it.each(['FR', 'fr', 'DE', 'BE', 'US', 'GB', 'DE-BY', 'FR-57', 'fr-57', 'BE-BRU'])(
    '%s is supported',
    (code) => {
      expect(isSupportedCountry(code)).toBe(true);
    },
  );

  it.each(['XX', 'ZZ', 'FRA', 'F', '', 'DE-XX', 'FR-99', 'FR_57', 'FR-', '12'])('%j is not', (code) => {
    expect(isSupportedCountry(code)).toBe(false);
  });
});

describe('bad input', () => {
  it.each(['XX', 'DE-XX', ''])(
    'an unsupported country %j is a validation error naming the field',
    (country) => {
      expect(() => publicHoliday('2026-05-25', country)).toThrow(/^country: /);
      expect(() => publicHolidays(2026, country)).toThrow(/^country: /);
    },
  );

  it.each(['2026-02-30', '2026-5-25', 'tomorrow'])('a bad date %j is the API date error', (date) => {
    expect(() => publicHoliday(date, 'FR')).toThrow('date: invalid date, expected YYYY-MM-DD');
  });
});

describe('countries whose calendars are not bundled (precomputed 1970-2100)', () => {
  it.each([
    ['JP', '2026-03-20', 'Spring Equinox Day'],
    ['JP', '2026-09-23', 'Autumnal Equinox Day'],
    ['JP', '2026-02-11', 'Foundation Day'],
    ['CN', '2026-02-17', 'Spring Festival'],
    ['CN', '2026-10-01', 'National Day'],
    ['RU', '2026-01-07', 'Christmas Day'], // Julian calendar
    ['RU', '2026-06-12', 'Russia Day'],
    ['KR', '2026-03-01', 'Independence Movement Day'],
    ['kr', '2026-10-09', 'Hangul Day'],
  ])('%s %s is %s', (country, date, name) => {
    expect(publicHoliday(date, country)).toEqual({ name, date });
  });

  it.each([
    ['JP', '2026-03-21'],
    ['CN', '2026-12-25'],
    ['RU', '2026-12-25'],
    ['KR', '2026-07-14'],
  ])('%s %s is not one', (country, date) => {
    expect(publicHoliday(date, country)).toBeNull();
  });

  it('Spring Festival is several days around the Chinese New Year (2026-02-17, 2027-02-06)', () => {
    for (const [year, newYear] of [
      [2026, '2026-02-17'],
      [2027, '2027-02-06'],
    ] as const) {
      const days = publicHolidays(year, 'CN')
        .filter((h) => h.name === 'Spring Festival')
        .map((h) => h.date);
      expect(days.length).toBeGreaterThanOrEqual(3);
      expect(days).toContain(newYear);
    }
  });

  it('lists a year sorted by date, one entry per date, as the computed countries', () => {
    const list = publicHolidays(2026, 'JP');
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort());
    expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
    expect(list[0]).toEqual({ name: "New Year's Day", date: '2026-01-01' });
  });

  it.each(['JP', 'CN', 'KR', 'RU', 'ua', 'RU-BA', 'MY-01'])('%s is supported', (code) => {
    expect(isSupportedCountry(code)).toBe(true);
  });

  it.each(['JP-13', 'RU-XX'])('%s (an unknown state) is not', (code) => {
    expect(isSupportedCountry(code)).toBe(false);
    expect(() => publicHolidays(2026, code)).toThrow(/^country: /);
  });

  it('a year outside the table is a validation error naming the field and the years', () => {
    expect(() => publicHoliday('2101-01-01', 'JP')).toThrow(
      'date: holidays of JP are known from 1970 to 2100',
    );
    expect(() => publicHolidays(1969, 'JP')).toThrow('year: holidays of JP are known from 1970 to 2100');
    expect(() => publicHolidays(1969, 'JP')).toThrow(AppError);
    expect(publicHoliday('2101-07-14', 'FR')?.name).toBe('Bastille Day');
  });
});
