import middy from '@middy/core';
import { AppError, slotNotAvailable } from '../../../../shared/core/errors';
import { requestContext } from '../../../../shared/http/middleware/request-context';
import { telemetry } from '../../../../shared/http/middleware/telemetry';
import type { AppContext, Event, Middleware, Result } from '../../../../shared/http/middleware/types';
import { count, runInvocation } from '../../../../shared/telemetry/invocation';
import { flushedMetrics } from '../../../support/doubles/flushed-metrics';
import { apiEvent, lambdaContext } from '../../../support/doubles/middy';

/** What the invocation handed to Powertools at its end, read before Powertools clears it. */
const flushed = flushedMetrics();

/** Answers errors as an envelope would: the AppError's status, else 500. */
const answerErrors: Middleware = {
  onError: (request) => {
    request.response = {
      statusCode: request.error instanceof AppError ? request.error.status : 500,
      body: '',
    };
  },
};

const chain = (outcome: () => Result) =>
  middy<Event, Result, Error, AppContext>()
    .use([requestContext({ logger: { info: () => undefined } }), telemetry(), answerErrors])
    .handler(async () => {
      count('BookingsMade');
      return outcome();
    });

describe('telemetry', () => {
  beforeEach(() => {
    flushed.length = 0;
  });

  test.each([
    ['a success', () => ({ statusCode: 200, body: '' }), 200, 'Requests2xx'],
    [
      'a refusal',
      () => {
        throw slotNotAvailable('full');
      },
      409,
      'Requests4xx',
    ],
    [
      'an unforeseen error',
      () => {
        throw new Error('boom');
      },
      500,
      'Requests5xx',
    ],
  ] as const)(
    '%s: one line with the route, its status class, latency and the counts',
    async (_, outcome, status, cls) => {
      const event = apiEvent({ method: 'POST', path: '/api/v2/appointments' });
      const answer = await runInvocation(() => chain(outcome)(event, lambdaContext()));
      expect(answer.statusCode).toBe(status);
      expect(flushed).toHaveLength(1);
      expect(flushed[0]).toMatchObject({
        service: 'booking-api',
        route: 'POST /api/v2/appointments',
        request_id: 'req-1',
        Requests: 1,
        [cls]: 1,
        Latency: expect.any(Number),
        BookingsMade: 1,
      });
    },
  );

  it('names the $default route when API Gateway gives no route key', async () => {
    const event = { ...apiEvent(), routeKey: undefined } as unknown as Event;
    await runInvocation(() => chain(() => ({ statusCode: 404, body: '' }))(event, lambdaContext()));
    expect(flushed[0]).toMatchObject({ route: '$default', Requests4xx: 1 });
  });
});
