import middy from '@middy/core';
import { requestContext } from '../../../../shared/http/middleware/request-context';
import type { AppContext, Event, Middleware, Result } from '../../../../shared/http/middleware/types';
import { runInScope } from '../../../../shared/http/scope';
import { apiEvent, entityContext, lambdaContext } from '../../../support/doubles/middy';

const log = { info: jest.fn() };

/** Answers errors as some envelope would, so that request-context sees an answer on failure too. */
const answerErrors: Middleware = {
  onError: (request) => {
    request.response = { statusCode: 418, body: 'error answer' };
  },
};

const chain = (outcome: 'ok' | 'throws' | 'unanswered') => {
  const handler = middy<Event, Result, Error, AppContext>().use(requestContext({ logger: log }));
  if (outcome !== 'unanswered') handler.use(answerErrors);
  return handler.handler(async (_event, context) => {
    context.app.entity = entityContext('entity-7');
    if (outcome !== 'ok') throw new Error('boom');
    return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'fine' };
  });
};

describe('requestContext', () => {
  beforeEach(() => log.info.mockClear());

  test.each([
    ['a success', 'ok', 200],
    ['an answered failure', 'throws', 418],
  ] as const)('%s carries X-Request-Id and Server-Timing, and logs one line', async (_, outcome, status) => {
    const event = apiEvent({ method: 'POST', path: '/api/v2/appointments' });
    const answer = await runInScope(() => chain(outcome)(event, lambdaContext()));
    expect(answer.statusCode).toBe(status);
    expect(answer.headers).toMatchObject({
      'x-request-id': 'req-1',
      'server-timing': expect.stringMatching(/^store;dur=\d+\.\d, total;dur=\d+\.\d$/),
    });
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith('request', {
      request_id: 'req-1',
      route: 'POST /api/v2/appointments',
      method: 'POST',
      path: '/api/v2/appointments',
      status,
      duration_ms: expect.any(Number),
      store_ms: 0,
      entity: 'entity-7',
    });
  });

  test.each([
    ['the API Gateway request id', { requestId: 'gw-1' }, 'aws-1', 'gw-1'],
    ['the Lambda request id when the event has none', { requestId: undefined }, 'aws-1', 'aws-1'],
    [
      'a fresh id when neither has one',
      { requestId: undefined },
      undefined,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ],
  ])('takes %s', async (_, requestContextPart, awsRequestId, expected) => {
    const event = apiEvent();
    Object.assign(event.requestContext, requestContextPart);
    const context = { ...lambdaContext(), awsRequestId } as AppContext;
    const answer = await chain('ok')(event, context);
    expect(answer.headers?.['x-request-id']).toEqual(expected);
  });

  it('still logs a failure nobody answered, and lets it through', async () => {
    await expect(chain('unanswered')(apiEvent(), lambdaContext())).rejects.toThrow('boom');
    expect(log.info).toHaveBeenCalledWith('request', expect.objectContaining({ status: undefined }));
  });
});
