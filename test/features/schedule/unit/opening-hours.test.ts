import { normalizeTime } from '../../../../shared/core/dates';
import { AppError } from '../../../../shared/core/errors';
import {
  buildDayHours,
  closedDay,
  type DayHours,
  DEMO_HOURS,
  dayHoursFor,
  timeToSeconds,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '../../../../shared/features/schedule/domain/opening-hours';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError, nothing was thrown');
}

describe('WEEKDAYS', () => {
  it('lists the seven API values, Monday first', () => {
    expect(WEEKDAYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
});

describe('closedDay', () => {
  it.each(WEEKDAYS)('%s: is_open 0 and all four times null', (day) => {
    expect(closedDay(day)).toEqual({
      day_of_week: day,
      start_time1: null,
      end_time1: null,
      start_time2: null,
      end_time2: null,
      is_open: 0,
    });
  });
});

describe('DEMO_HOURS', () => {
  it('has seven records in weekday order', () => {
    expect(DEMO_HOURS.map((d) => d.day_of_week)).toEqual([...WEEKDAYS]);
  });

  it.each(['mon', 'tue', 'wed', 'thu', 'fri'] as Weekday[])('%s is 09:00-12:00 and 14:00-18:00', (day) => {
    expect(DEMO_HOURS.find((d) => d.day_of_week === day)).toEqual({
      day_of_week: day,
      start_time1: '09:00:00',
      end_time1: '12:00:00',
      start_time2: '14:00:00',
      end_time2: '18:00:00',
      is_open: 1,
    });
  });

  it.each(['sat', 'sun'] as Weekday[])('%s is closed', (day) => {
    expect(DEMO_HOURS.find((d) => d.day_of_week === day)).toEqual(closedDay(day));
  });

  it('cannot be changed in place by one caller for everyone', () => {
    const monday = DEMO_HOURS[0] as DayHours;
    expect(() => {
      monday.is_open = 0;
    }).toThrow(TypeError);
    expect(() => DEMO_HOURS.push(closedDay('mon'))).toThrow(TypeError);
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-11-23', 'mon'],
    ['2026-11-24', 'tue'],
    ['2026-11-25', 'wed'],
    ['2026-11-26', 'thu'],
    ['2026-11-27', 'fri'],
    ['2026-11-28', 'sat'],
    ['2026-11-29', 'sun'],
    ['2024-02-29', 'thu'],
    ['2026-03-29', 'sun'],
    ['2000-01-01', 'sat'],
  ])('%s is a %s', (date, day) => {
    expect(weekdayOf(date)).toBe(day);
  });

  it.each(['2026-02-30', '2026-13-01', '26-11-23', '2026/11/23', '', 'monday'])(
    'refuses %j with the API date error',
    (date) => {
      const error = thrown(() => weekdayOf(date));
      expect(error.code).toBe('INVALID_DATE_FORMAT');
      expect(error.status).toBe(400);
    },
  );
});

describe('dayHoursFor', () => {
  it.each([
    ['2026-11-23', 'mon', 1],
    ['2026-11-27', 'fri', 1],
    ['2026-11-28', 'sat', 0],
    ['2026-11-29', 'sun', 0],
  ])('%s uses the %s record (is_open %d)', (date, day, isOpen) => {
    const hours = dayHoursFor(DEMO_HOURS, date);
    expect(hours.day_of_week).toBe(day);
    expect(hours.is_open).toBe(isOpen);
  });

  it('treats a weekday missing from the stored week as closed', () => {
    const onlyMonday = [buildDayHours('mon', [['08:00', '10:00']])];
    expect(dayHoursFor(onlyMonday, '2026-11-24')).toEqual(closedDay('tue'));
    expect(dayHoursFor(onlyMonday, '2026-11-23').start_time1).toBe('08:00:00');
  });
});

describe('normalizeTime', () => {
  it.each([
    ['09:00', '09:00:00'],
    ['09:00:00', '09:00:00'],
    ['00:00', '00:00:00'],
    ['23:59', '23:59:00'],
    ['23:59:59', '23:59:59'],
    ['12:30:15', '12:30:15'],
    ['24:00', '24:00:00'],
    ['24:00:00', '24:00:00'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeTime(input)).toBe(expected);
  });

  it.each([
    '9:00',
    '09:0',
    '0900',
    '09h00',
    '24:01',
    '24:00:01',
    '25:00',
    '12:60',
    '12:00:60',
    '12:00:00:00',
    ' 09:00',
    '09:00 ',
    '',
    'noon',
    '-1:00',
  ])('%j is not a time', (input) => {
    expect(normalizeTime(input)).toBeNull();
  });
});

describe('timeToSeconds', () => {
  it.each([
    ['00:00:00', 0],
    ['09:30:00', 34200],
    ['23:59:59', 86399],
    ['24:00:00', 86400],
  ])('%s is %d s', (time, seconds) => {
    expect(timeToSeconds(time)).toBe(seconds);
  });
});

describe('buildDayHours', () => {
  it('no period is a closed day', () => {
    expect(buildDayHours('wed', [])).toEqual(closedDay('wed'));
  });

  it('one period leaves the second null', () => {
    expect(buildDayHours('tue', [['09:00', '17:30']])).toEqual({
      day_of_week: 'tue',
      start_time1: '09:00:00',
      end_time1: '17:30:00',
      start_time2: null,
      end_time2: null,
      is_open: 1,
    });
  });

  it('two periods, normalised to HH:MM:SS', () => {
    expect(
      buildDayHours('mon', [
        ['09:00', '12:00'],
        ['14:00:00', '18:00'],
      ]),
    ).toEqual(DEMO_HOURS[0]);
  });

  it.each<[string, Array<[string, string]>]>([
    [
      'back to back',
      [
        ['08:00', '12:00'],
        ['12:00', '16:00'],
      ],
    ],
    [
      'until midnight',
      [
        ['18:00', '20:00'],
        ['21:00', '24:00'],
      ],
    ],
    ['from midnight', [['00:00', '06:00']]],
  ])('accepts %s', (_label, periods) => {
    expect(buildDayHours('fri', periods).is_open).toBe(1);
  });

  it.each<[string, Array<[string, string]>, string]>([
    ['a bad start', [['9h', '12:00']], 'start_time1: must be a time HH:MM or HH:MM:SS'],
    ['a bad end', [['09:00', '25:00']], 'end_time1: must be a time HH:MM or HH:MM:SS'],
    ['a start at 24:00', [['24:00', '24:00']], 'start_time1: must be a time HH:MM or HH:MM:SS'],
    ['an empty period', [['09:00', '09:00']], 'end_time1: must be after start_time1'],
    ['a reversed period', [['12:00', '09:00']], 'end_time1: must be after start_time1'],
    [
      'a bad second start',
      [
        ['09:00', '12:00'],
        ['x', '18:00'],
      ],
      'start_time2: must be a time HH:MM or HH:MM:SS',
    ],
    [
      'a reversed second period',
      [
        ['09:00', '12:00'],
        ['18:00', '14:00'],
      ],
      'end_time2: must be after start_time2',
    ],
    [
      'overlapping periods',
      [
        ['09:00', '12:00'],
        ['11:30', '18:00'],
      ],
      'start_time2: must be at or after end_time1',
    ],
    [
      'periods in the wrong order',
      [
        ['14:00', '18:00'],
        ['09:00', '12:00'],
      ],
      'start_time2: must be at or after end_time1',
    ],
    [
      'three periods',
      [
        ['08:00', '09:00'],
        ['10:00', '11:00'],
        ['12:00', '13:00'],
      ],
      'periods: at most two periods a day',
    ],
  ])('refuses %s', (_label, periods, message) => {
    const error = thrown(() => buildDayHours('thu', periods));
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('refuses a weekday outside the seven values', () => {
    expect(thrown(() => buildDayHours('monday' as Weekday, [])).message).toMatch(/^day_of_week: /);
  });
});
