import { futureWorkingDate } from '../support/fixtures';

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
  });
});
