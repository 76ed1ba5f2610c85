import { REFUSAL_REASONS } from '../../../../shared/core/business-metrics';
import {
  AppError,
  busy,
  calendarNotFound,
  idempotencyInProgress,
  invalidField,
  RateLimited,
  slotNotAvailable,
  slotNotFound,
} from '../../../../shared/core/errors';
import { refusalReasonOf } from '../../../../shared/features/booking/services/booking-rules';
import {
  beginInvocation,
  count,
  endInvocation,
  runInvocation,
} from '../../../../shared/telemetry/invocation';
import { metrics } from '../../../../shared/telemetry/metrics';
import { deliveryMetric, refusedMetric, statusClassOf } from '../../../../shared/telemetry/names';
import { flushedMetrics } from '../../../support/doubles/flushed-metrics';

/** The pieces of issue 22's metrics: why a booking was refused, the names, one line per invocation. */
describe('refusalReasonOf', () => {
  it.each([
    [slotNotAvailable('full'), 'full'],
    [slotNotAvailable('closed'), 'closed'],
    [slotNotAvailable('calendar inactive'), 'closed'],
    [slotNotAvailable('in the past'), 'past'],
    [slotNotFound(), 'unknown'],
    [calendarNotFound(), 'unknown'],
    [busy(), 'store'],
    [new Error('ProvisionedThroughputExceededException'), 'store'],
    [invalidField('client_phone', 'not a valid phone number'), null],
    [idempotencyInProgress(), null],
    [new RateLimited(3), null],
    [new AppError('internal', 'INTERNAL_ERROR', 'x'), null],
  ])('%p → %p', (error, reason) => {
    expect(refusalReasonOf(error)).toBe(reason);
  });
});

describe('names', () => {
  it('one metric per refusal reason and delivery result, status classes by hundreds', () => {
    expect(REFUSAL_REASONS.map(refusedMetric)).toEqual([
      'BookingsRefusedFull',
      'BookingsRefusedClosed',
      'BookingsRefusedPast',
      'BookingsRefusedUnknown',
      'BookingsRefusedLimit',
      'BookingsRefusedStore',
    ]);
    expect(deliveryMetric('dead')).toBe('WebhookDeliveriesDead');
    expect([200, 204, 304, 400, 429, 499, 500, 503].map(statusClassOf)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
  });
});

describe('invocations', () => {
  /** What the invocation hands to Powertools at its end, read before Powertools clears it. */
  const flushed = flushedMetrics();
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('invocations that run at once each write their own line, with only their own counts', async () => {
    flushed.length = 0;
    const one = (route: string, counts: string[]) =>
      runInvocation(async () => {
        const invocation = beginInvocation(route, undefined, `id-${route}`);
        for (const name of counts) {
          count(name);
          await tick();
        }
        endInvocation(invocation, { status: 200, code: 'ok' });
      });
    await Promise.all([one('A', ['BookingsMade', 'BookingsMade']), one('B', ['Cancellations'])]);
    const byRoute = Object.fromEntries(flushed.map((line) => [line.route, line]));
    expect(flushed).toHaveLength(2);
    expect(byRoute.A).toMatchObject({ request_id: 'id-A', BookingsMade: [1, 1], Requests: 1 });
    expect(byRoute.A?.Cancellations).toBeUndefined();
    expect(byRoute.B).toMatchObject({ request_id: 'id-B', Cancellations: 1, Requests2xx: 1 });
    expect(byRoute.B?.BookingsMade).toBeUndefined();
    for (const line of flushed) {
      expect(
        (line._aws as { CloudWatchMetrics: Array<{ Dimensions: string[][] }> }).CloudWatchMetrics[0]
          ?.Dimensions,
      ).toEqual([['service', 'route'], ['service']]);
    }
  });

  it('counts nothing outside an invocation (the admin CLI, a script)', () => {
    flushed.length = 0;
    count('BookingsMade');
    expect(metrics().hasStoredMetrics()).toBe(false);
  });
});
