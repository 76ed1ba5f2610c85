import { AppError } from '../../../../shared/core/errors';
import {
  buildDayHours,
  closedDay,
  type DayHours,
  DEMO_HOURS,
} from '../../../../shared/features/schedule/domain/opening-hours';
import {
  hasStarted,
  type SlotTime,
  slotTimes,
  startInstant,
} from '../../../../shared/features/schedule/domain/slot-times';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const MONDAY = DEMO_HOURS[0] as DayHours; // 09:00-12:00 and 14:00-18:00

const starts = (slots: SlotTime[]) => slots.map((s) => s.start_time.slice(0, 5));
const pairs = (slots: SlotTime[]) =>
  slots.map((s) => `${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}`);

describe('slotTimes on an ordinary day', () => {
  it('09:00-12:00 and 14:00-18:00 at 30 min gives 14 slots', () => {
    const slots = slotTimes('2026-11-23', MONDAY, 30, PARIS);
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({ start_time: '09:00:00', end_time: '09:30:00' });
    expect(slots[13]).toEqual({ start_time: '17:30:00', end_time: '18:00:00' });
    expect(starts(slots)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
    ]);
  });

  it.each<[number, string[]]>([
    // 45 min: 09:00, 09:45, 10:30 (11:15 would end at 12:00: fits), then the afternoon restarts at 14:00.
    [
      45,
      [
        '09:00-09:45',
        '09:45-10:30',
        '10:30-11:15',
        '11:15-12:00',
        '14:00-14:45',
        '14:45-15:30',
        '15:30-16:15',
        '16:15-17:00',
        '17:00-17:45',
      ],
    ],
    // 50 min does not divide either period: the remainder at the end of each is left empty.
    [
      50,
      [
        '09:00-09:50',
        '09:50-10:40',
        '10:40-11:30',
        '14:00-14:50',
        '14:50-15:40',
        '15:40-16:30',
        '16:30-17:20',
      ],
    ],
    [
      60,
      [
        '09:00-10:00',
        '10:00-11:00',
        '11:00-12:00',
        '14:00-15:00',
        '15:00-16:00',
        '16:00-17:00',
        '17:00-18:00',
      ],
    ],
    [90, ['09:00-10:30', '10:30-12:00', '14:00-15:30', '15:30-17:00']],
    [180, ['09:00-12:00', '14:00-17:00']],
    [240, ['14:00-18:00']],
    [480, []],
  ])('%d min: %j', (duration, expected) => {
    expect(pairs(slotTimes('2026-11-23', MONDAY, duration, PARIS))).toEqual(expected);
  });

  it.each([5, 7, 25, 30, 45, 50, 55, 120])(
    'no %d-min slot spans the break or passes a period end',
    (duration) => {
      for (const slot of slotTimes('2026-11-23', MONDAY, duration, PARIS)) {
        const inMorning = slot.start_time >= '09:00:00' && slot.end_time <= '12:00:00';
        const inAfternoon = slot.start_time >= '14:00:00' && slot.end_time <= '18:00:00';
        expect(inMorning || inAfternoon).toBe(true);
      }
    },
  );

  it.each<[string, number, number]>([
    ['5 min', 5, 36 + 48],
    ['7 min', 7, 25 + 34],
    ['25 min', 25, 7 + 9],
  ])('%s gives floor(period / duration) slots per period', (_label, duration, count) => {
    expect(slotTimes('2026-11-23', MONDAY, duration, PARIS)).toHaveLength(count);
  });

  it('a single period, with seconds in the times', () => {
    const day = buildDayHours('mon', [['10:00:30', '11:00:30']]);
    expect(slotTimes('2026-11-23', day, 20, PARIS)).toEqual([
      { start_time: '10:00:30', end_time: '10:20:30' },
      { start_time: '10:20:30', end_time: '10:40:30' },
      { start_time: '10:40:30', end_time: '11:00:30' },
    ]);
  });

  it('a period ending at midnight', () => {
    const day = buildDayHours('mon', [['22:00', '24:00']]);
    expect(pairs(slotTimes('2026-11-23', day, 60, PARIS))).toEqual(['22:00-23:00', '23:00-24:00']);
  });

  it('a closed day has no slots', () => {
    expect(slotTimes('2026-11-28', closedDay('sat'), 30, PARIS)).toEqual([]);
  });

  it('returns slots sorted by start and without duplicates, even from untidy stored hours', () => {
    const untidy: DayHours = {
      day_of_week: 'mon',
      start_time1: '14:00:00',
      end_time1: '15:00:00',
      start_time2: '14:00:00',
      end_time2: '15:00:00',
      is_open: 1,
    };
    const swapped: DayHours = {
      ...MONDAY,
      start_time1: '14:00:00',
      end_time1: '18:00:00',
      start_time2: '09:00:00',
      end_time2: '12:00:00',
    };
    expect(pairs(slotTimes('2026-11-23', untidy, 30, PARIS))).toEqual(['14:00-14:30', '14:30-15:00']);
    expect(slotTimes('2026-11-23', swapped, 30, PARIS)).toEqual(slotTimes('2026-11-23', MONDAY, 30, PARIS));
  });
});

describe('slotTimes on the days the clocks change', () => {
  const night = buildDayHours('sun', [['01:00', '04:00']]);

  it.each<[string, string, string, string[]]>([
    // Paris, 29 March 2026: 02:00 becomes 03:00, so 02:00 and 02:30 do not exist.
    [
      'Paris spring forward',
      PARIS,
      '2026-03-29',
      ['01:00-01:30', '01:30-02:00', '03:00-03:30', '03:30-04:00'],
    ],
    // Paris, 25 October 2026: 03:00 becomes 02:00, so 02:00 and 02:30 happen twice; each is one slot.
    [
      'Paris fall back',
      PARIS,
      '2026-10-25',
      ['01:00-01:30', '01:30-02:00', '02:00-02:30', '02:30-03:00', '03:00-03:30', '03:30-04:00'],
    ],
    [
      'Paris, an ordinary Sunday',
      PARIS,
      '2026-03-22',
      ['01:00-01:30', '01:30-02:00', '02:00-02:30', '02:30-03:00', '03:00-03:30', '03:30-04:00'],
    ],
    // New York, 8 March 2026: 02:00 becomes 03:00.
    [
      'New York spring forward',
      NEW_YORK,
      '2026-03-08',
      ['01:00-01:30', '01:30-02:00', '03:00-03:30', '03:30-04:00'],
    ],
    // New York, 1 November 2026: 02:00 becomes 01:00, so 01:00 and 01:30 happen twice.
    [
      'New York fall back',
      NEW_YORK,
      '2026-11-01',
      ['01:00-01:30', '01:30-02:00', '02:00-02:30', '02:30-03:00', '03:00-03:30', '03:30-04:00'],
    ],
    // Paris does not change on the New York dates, and the other way round.
    [
      'Paris on the New York spring date',
      PARIS,
      '2026-03-08',
      ['01:00-01:30', '01:30-02:00', '02:00-02:30', '02:30-03:00', '03:00-03:30', '03:30-04:00'],
    ],
    [
      'New York on the Paris spring date',
      NEW_YORK,
      '2026-03-29',
      ['01:00-01:30', '01:30-02:00', '02:00-02:30', '02:30-03:00', '03:00-03:30', '03:30-04:00'],
    ],
  ])('%s (%s, %s)', (_label, zone, date, expected) => {
    expect(pairs(slotTimes(date, night, 30, zone))).toEqual(expected);
  });

  it('a start that the gap swallows is skipped even when the period starts inside the gap', () => {
    const day = buildDayHours('sun', [['02:00', '03:30']]);
    expect(pairs(slotTimes('2026-03-29', day, 30, PARIS))).toEqual(['03:00-03:30']);
  });

  it('UTC never skips', () => {
    expect(slotTimes('2026-03-29', buildDayHours('sun', [['01:00', '04:00']]), 30, 'UTC')).toHaveLength(6);
  });

  it('daytime slots are unaffected on a change day', () => {
    const sunday = buildDayHours('sun', [
      ['09:00', '12:00'],
      ['14:00', '18:00'],
    ]);
    expect(slotTimes('2026-03-29', sunday, 30, PARIS)).toHaveLength(14);
    expect(slotTimes('2026-10-25', sunday, 30, PARIS)).toHaveLength(14);
  });
});

describe('slotTimes refuses bad arguments', () => {
  it.each([0, -30, 12.5, Number.NaN])('duration %p', (duration) => {
    expect(() => slotTimes('2026-11-23', MONDAY, duration, PARIS)).toThrow(/^duration: /);
  });

  it.each(['Mars/Olympus', 'UTC+1', 'local', 'system', ''])('the time zone %j', (zone) => {
    expect(() => slotTimes('2026-11-23', MONDAY, 30, zone)).toThrow(/^timezone: /);
  });

  it('a bad date', () => {
    expect(() => slotTimes('2026-02-30', MONDAY, 30, PARIS)).toThrow(AppError);
  });
});

describe('startInstant', () => {
  it.each<[string, string, string, string, string]>([
    ['winter Paris', '2026-11-23', '09:00:00', PARIS, '2026-11-23T08:00:00.000Z'],
    ['summer Paris', '2026-06-15', '09:00:00', PARIS, '2026-06-15T07:00:00.000Z'],
    ['HH:MM accepted', '2026-06-15', '09:00', PARIS, '2026-06-15T07:00:00.000Z'],
    ['winter New York', '2026-11-23', '09:00:00', NEW_YORK, '2026-11-23T14:00:00.000Z'],
    ['UTC', '2026-11-23', '09:00:00', 'UTC', '2026-11-23T09:00:00.000Z'],
    ['midnight at the end of a day', '2026-11-23', '24:00:00', PARIS, '2026-11-23T23:00:00.000Z'],
    // Occurs twice: the earlier (summer time, +02:00), not luxon's default later one.
    ['Paris 02:30 on fall-back day', '2026-10-25', '02:30:00', PARIS, '2026-10-25T00:30:00.000Z'],
    ['Paris 02:00 on fall-back day', '2026-10-25', '02:00:00', PARIS, '2026-10-25T00:00:00.000Z'],
    ['Paris 03:00 on fall-back day', '2026-10-25', '03:00:00', PARIS, '2026-10-25T02:00:00.000Z'],
    ['New York 01:30 on fall-back day', '2026-11-01', '01:30:00', NEW_YORK, '2026-11-01T05:30:00.000Z'],
    // Does not exist: luxon moves it forward by the gap (02:30 -> 03:30 +02:00).
    ['Paris 02:30 on spring-forward day', '2026-03-29', '02:30:00', PARIS, '2026-03-29T01:30:00.000Z'],
    ['Paris 03:00 on spring-forward day', '2026-03-29', '03:00:00', PARIS, '2026-03-29T01:00:00.000Z'],
    ['New York 02:30 on spring-forward day', '2026-03-08', '02:30:00', NEW_YORK, '2026-03-08T07:30:00.000Z'],
  ])('%s: %s %s in %s is %s', (_label, date, time, zone, iso) => {
    expect(startInstant(date, time, zone).toISOString()).toBe(iso);
  });

  it('does not depend on the process time zone', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(startInstant('2026-10-25', '02:30:00', PARIS).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    } finally {
      process.env.TZ = before;
    }
  });

  it.each([
    ['2026-11-23', '9:00', PARIS, /^time: /],
    ['2026-11-23', '25:00', PARIS, /^time: /],
    ['2026-11-31', '09:00', PARIS, /^date: /],
    ['2026-11-23', '09:00', 'Nowhere/Land', /^timezone: /],
  ])('refuses %s %s %s', (date, time, zone, message) => {
    expect(() => startInstant(date, time, zone)).toThrow(message);
  });
});

describe('hasStarted', () => {
  it.each<[string, string, string, string, string, boolean]>([
    ['one second before', '2026-11-23', '09:00:00', PARIS, '2026-11-23T07:59:59Z', false],
    ['at the start itself (not before now)', '2026-11-23', '09:00:00', PARIS, '2026-11-23T08:00:00Z', false],
    ['one second after', '2026-11-23', '09:00:00', PARIS, '2026-11-23T08:00:01Z', true],
    ['yesterday', '2026-11-22', '17:30:00', PARIS, '2026-11-23T08:00:00Z', true],
    ['tomorrow', '2026-11-24', '09:00:00', PARIS, '2026-11-23T08:00:00Z', false],
    // 09:00 in New York is 14:00 UTC: at 13:00 UTC it has not started, though 09:00 Paris has.
    ['New York, later than Paris', '2026-11-23', '09:00:00', NEW_YORK, '2026-11-23T13:00:00Z', false],
    ['Paris, same instant', '2026-11-23', '09:00:00', PARIS, '2026-11-23T13:00:00Z', true],
    // Fall back: 02:30 first happens at 00:30 UTC; at 01:00 UTC it has started.
    [
      'repeated time, between the two occurrences',
      '2026-10-25',
      '02:30:00',
      PARIS,
      '2026-10-25T01:00:00Z',
      true,
    ],
  ])('%s', (_label, date, time, zone, now, expected) => {
    expect(hasStarted(date, time, zone, new Date(now))).toBe(expected);
  });

  it('defaults now to the current time', () => {
    expect(hasStarted('2000-01-01', '00:00:00', PARIS)).toBe(true);
    expect(hasStarted('2199-12-31', '23:00:00', PARIS)).toBe(false);
  });
});
