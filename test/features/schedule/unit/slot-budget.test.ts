import { DEMO_HOURS } from '../../../../shared/features/schedule/domain/opening-hours';
import {
  MAX_FUTURE_SLOTS,
  openDaysSlots,
  slotsPerDay,
} from '../../../../shared/features/schedule/domain/slot-budget';

const ALL_DAY = DEMO_HOURS.map((d) => ({
  ...d,
  is_open: 1 as const,
  start_time1: '00:00:00',
  end_time1: '24:00:00',
  start_time2: null,
  end_time2: null,
}));

describe('the future slots a calendar may be asked to hold', () => {
  it('counts each period from its start, none across the break', () => {
    // Demo hours: 09:00-12:00 and 14:00-18:00 on weekdays.
    expect(DEMO_HOURS.map((d) => slotsPerDay(d, 30))).toEqual([14, 14, 14, 14, 14, 0, 0]);
    expect(DEMO_HOURS.map((d) => slotsPerDay(d, 45))[0]).toBe(4 + 5);
  });

  it('takes the worst weekday to start from', () => {
    expect(openDaysSlots(DEMO_HOURS, 30, 1)).toBe(14);
    expect(openDaysSlots(DEMO_HOURS, 30, 7)).toBe(70);
    expect(openDaysSlots(DEMO_HOURS, 30, 8)).toBe(84);
  });

  it('5-minute slots all day for a year pass the limit; for 173 days they do not', () => {
    expect(openDaysSlots(ALL_DAY, 5, 365)).toBeGreaterThan(MAX_FUTURE_SLOTS);
    expect(openDaysSlots(ALL_DAY, 5, 173)).toBeLessThanOrEqual(MAX_FUTURE_SLOTS);
  });
});
