import { futureSaturday, futureWeekday, futureWorkingDate } from '../../../support/fixtures';

describe('futureWorkingDate (test fixture)', () => {
  afterEach(() => jest.useRealTimers());

  it('gives distinct, growing, non-holiday dates for distinct offsets, across Christmas too', () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const dates = Array.from({ length: 60 }, (_, i) => futureWorkingDate(i + 1));
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).not.toContain('2026-12-25');
    expect(futureWorkingDate(30)).not.toBe(futureWorkingDate(31));
    expect(futureWorkingDate(1)).toBe('2026-11-26');
    // Mondays to Fridays only: the demo hours' open days.
    for (const date of dates) expect([1, 2, 3, 4, 5]).toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
  });

  it('futureWeekday: distinct Mondays to Fridays that are no holiday, whatever today is', () => {
    // A Saturday: the first weekday ahead is the Monday after.
    jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    expect(futureWeekday(1)).toBe('2026-11-30');
    const dates = Array.from({ length: 40 }, (_, i) => futureWeekday(i + 1));
    expect(new Set(dates).size).toBe(dates.length);
    for (const date of dates) expect([1, 2, 3, 4, 5]).toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
    // Christmas (a Friday) and New Year's Day (a Friday) are skipped.
    expect(dates).toContain('2026-12-24');
    expect(dates).not.toContain('2026-12-25');
    expect(dates).toContain('2026-12-28');
    expect(dates).not.toContain('2027-01-01');
  });

  it('futureWeekday: skips the holidays of the country asked for (Epiphany in Bavaria)', () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    expect(futureWeekday(28)).toBe('2027-01-06');
    expect(futureWeekday(28, 'DE-BY')).toBe('2027-01-07');
  });

  it('futureSaturday: the n-th Saturday ahead', () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    expect(futureSaturday(1)).toBe('2026-11-28');
    expect(futureSaturday(3)).toBe('2026-12-12');
  });
});
