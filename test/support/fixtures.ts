import { randomBytes } from 'node:crypto';
import type { Credentials } from '../../shared/features/operations/services/credentials';
import type { WeeklyHours } from '../../shared/features/schedule/domain/opening-hours';

/**
 * A fresh entity with the demo hours (Mon-Fri 09-12, 14-18), Europe/Paris, FR; returns its tokens. Its
 * booking window (max_days_ahead) is a year unless `settings` says otherwise: the tests book dates up to
 * some 70 days out with publishable keys and cancel tokens, past the product's default of 60.
 */
export async function newEntity(
  options: { hours?: WeeklyHours; settings?: Record<string, unknown> } = {},
): Promise<Credentials & { v1: Record<string, string>; v2: Record<string, string> }> {
  const accountId = `acct-${randomBytes(5).toString('hex')}`;
  // Loaded here, not with this module: a file that only takes its dates loads no store client.
  const { services } = require('../../shared/wiring') as typeof import('../../shared/wiring');
  const credentials = await services().admin.createEntity({
    accountId,
    secret: `secret-${randomBytes(16).toString('hex')}`,
    ...(options.hours ? { hours: options.hours } : {}),
    settings: { max_days_ahead: 365, ...options.settings },
  });
  return {
    ...credentials,
    v1: { 'Access-Token': credentials.v1_token },
    v2: { 'Access-Token': credentials.v2_token },
  };
}

const everyDay = (start1: string, end1: string, start2: string, end2: string): WeeklyHours =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
    day_of_week: day,
    start_time1: start1,
    end_time1: end1,
    start_time2: start2,
    end_time2: end2,
    is_open: 1 as const,
  }));

/**
 * Open every day 08:00-12:00 and 13:00-15:00 (so tests do not depend on the weekday they run on): twelve
 * 30-minute slots a day, and one of 4 hours. A day of slots is written a slot and its guard at a time, about
 * 1.7 ms of DynamoDB Local's CPU a slot: the 22 of 08:00-20:00 cost some 5 s of CPU a run more
 * (docs/design/test-speed.md).
 */
export const ALWAYS_OPEN: WeeklyHours = everyDay('08:00:00', '12:00:00', '13:00:00', '15:00:00');
/** The 30-minute slots of a day of ALWAYS_OPEN. */
export const ALWAYS_OPEN_SLOTS = 12;
/** Open every day 08:00-12:00 and 13:00-20:00: a long afternoon, for a salon whose staff's hours overlap. */
export const LONG_DAYS: WeeklyHours = everyDay('08:00:00', '12:00:00', '13:00:00', '20:00:00');

/**
 * The `daysAhead`-th working day from today: a Monday to Friday that is no French public holiday, so a day
 * the demo hours open (an entity made without hours of its own has them) whatever day the tests run on.
 * At least that many days ahead, and distinct for distinct arguments (a "first working day on or after"
 * would give 30 and 31 the same date when day 30 is Christmas, and two tests meant to use two days would
 * share one). Until 2026-11-28 it took weekends too, and a test run on a Saturday booked a closed day.
 */
export function futureWorkingDate(daysAhead = 20): string {
  return futureWeekday(daysAhead);
}

/**
 * The `n`-th day from today that is a Monday to Friday and no public holiday of `country` (an entity's
 * country setting): a day the demo hours open, whatever day the tests run on; distinct for distinct `n`.
 */
export function futureWeekday(n = 20, country = 'FR'): string {
  return nthFutureDay(n, (weekday) => weekday >= 1 && weekday <= 5, country);
}

/** The `n`-th Saturday from today that is no public holiday of `country`: a day the demo hours close. */
export function futureSaturday(n = 1, country = 'FR'): string {
  return nthFutureDay(n, (weekday) => weekday === 6, country);
}

/** The `n`-th day after today (UTC) that is no public holiday of `country` and whose weekday (0 Sunday) fits. */
function nthFutureDay(n: number, fits: (weekday: number) => boolean, country = 'FR'): string {
  const { publicHoliday } =
    require('../../shared/features/schedule/domain/holidays') as typeof import('../../shared/features/schedule/domain/holidays');
  const day = new Date(Date.now());
  for (let found = 0; found < n; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (fits(day.getUTCDay()) && !publicHoliday(day.toISOString().slice(0, 10), country)) found += 1;
  }
  return day.toISOString().slice(0, 10);
}

/** A valid French mobile number, distinct per index. */
export const mobile = (index: number): string => `06${String(12_000_000 + index).padStart(8, '0')}`;
