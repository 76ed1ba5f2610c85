import middy from '@middy/core';
import { SECURITY_HEADERS, securityHeaders } from '../../../../shared/http/middleware/security-headers';
import type { AppContext, Event, Middleware, Result } from '../../../../shared/http/middleware/types';
import { apiEvent, lambdaContext } from '../../../support/doubles/middy';

const answerErrors: Middleware = {
  onError: (request) => {
    request.response = { statusCode: 500, headers: { 'content-type': 'application/json' }, body: '{}' };
  },
};

const chain = (result: () => Result, options?: Parameters<typeof securityHeaders>[0]) =>
  middy<Event, Result, Error, AppContext>()
    .use(securityHeaders(options))
    .use(answerErrors)
    .handler(async () => result());

describe('securityHeaders', () => {
  test.each([
    [
      'a success',
      () => ({ statusCode: 200, headers: { 'content-type': 'text/csv' }, body: 'a' }),
      { 'content-type': 'text/csv' },
    ],
    [
      'an error answer',
      () => {
        throw new Error('boom');
      },
      { 'content-type': 'application/json' },
    ],
    ['an answer without headers', () => ({ statusCode: 204 }), {}],
  ])('%s gets the security headers', async (_, result, own) => {
    const answer = await chain(result)(apiEvent(), lambdaContext());
    expect(answer.headers).toEqual({ ...SECURITY_HEADERS, ...own });
  });

  it('never overrides a header the answer set', async () => {
    const answer = await chain(() => ({ statusCode: 200, headers: { 'referrer-policy': 'origin' } }))(
      apiEvent(),
      lambdaContext(),
    );
    expect(answer.headers?.['referrer-policy']).toBe('origin');
  });

  it('takes its own set', async () => {
    const answer = await chain(() => ({ statusCode: 200 }), { headers: { 'x-frame-options': 'DENY' } })(
      apiEvent(),
      lambdaContext(),
    );
    expect(answer.headers).toEqual({ 'x-frame-options': 'DENY' });
  });

  it('sends only defined values (Node refuses undefined header values)', () => {
    expect(Object.values(SECURITY_HEADERS).every((value) => typeof value === 'string' && value !== '')).toBe(
      true,
    );
  });
});
