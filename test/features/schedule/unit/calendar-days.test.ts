import { unionOfPeriods } from '../../../../shared/features/schedule/domain/calendar-days';

/** Issue 59 point 9: the business's hours on a date are the union of its open calendars' periods. */
const day = (a: string, b: string, c: string | null = null, d: string | null = null) => ({
  start_time1: a,
  end_time1: b,
  start_time2: c,
  end_time2: d,
});

describe('unionOfPeriods', () => {
  it('is null when no calendar is open, and one calendar’s periods as they are', () => {
    expect(unionOfPeriods([null, null])).toBeNull();
    expect(unionOfPeriods([day('09:00:00', '12:00:00', '14:00:00', '18:00:00'), null])).toEqual(
      day('09:00:00', '12:00:00', '14:00:00', '18:00:00'),
    );
  });

  it('joins periods that meet or overlap', () => {
    expect(
      unionOfPeriods([day('09:00:00', '12:00:00', '14:00:00', '18:00:00'), day('12:00:00', '20:00:00')]),
    ).toEqual(day('09:00:00', '20:00:00'));
    expect(unionOfPeriods([day('10:00:00', '16:00:00'), day('08:00:00', '11:00:00')])).toEqual(
      day('08:00:00', '16:00:00'),
    );
  });

  it('keeps two separate periods, and gives the whole span as one when there are more', () => {
    expect(unionOfPeriods([day('09:00:00', '11:00:00'), day('15:00:00', '18:00:00')])).toEqual(
      day('09:00:00', '11:00:00', '15:00:00', '18:00:00'),
    );
    expect(
      unionOfPeriods([day('09:00:00', '10:00:00', '12:00:00', '13:00:00'), day('15:00:00', '16:00:00')]),
    ).toEqual(day('09:00:00', '16:00:00'));
  });
});
