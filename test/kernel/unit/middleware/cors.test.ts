import middy from '@middy/core';
import { cors, isPreflight, preflightHandler, resolveOrigin } from '../../../../shared/http/middleware/cors';
import type { AppContext, Event, Middleware, Result } from '../../../../shared/http/middleware/types';
import { apiEvent, entityContext, lambdaContext } from '../../../support/doubles/middy';

const answerErrors: Middleware = {
  onError: (request) => {
    request.response = { statusCode: 401, headers: { 'content-type': 'application/json' }, body: '{}' };
  },
};

const chain = (origins: string[], fails = false) =>
  middy<Event, Result, Error, AppContext>()
    .use(cors({ origins }))
    .use(answerErrors)
    .handler(async () => {
      if (fails) throw new Error('refused');
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
    });

const ONE = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

describe('cors (actual requests)', () => {
  test.each([
    ['any origin', ['*'], ONE, false, '*', undefined],
    ['any origin, on an error answer', ['*'], ONE, true, '*', undefined],
    ['the one allowed origin', [ONE], ONE, false, ONE, undefined],
    ['one of several allowed origins', [ONE, 'http://localhost:5173'], ONE, false, ONE, 'Origin'],
    ['an origin not allowed', [ONE, 'http://localhost:5173'], OTHER, false, undefined, 'Origin'],
    ['no allowed origin', [], ONE, false, undefined, undefined],
  ])('%s: Access-Control-Allow-Origin %s', async (_, origins, origin, fails, allowed, vary) => {
    const answer = await chain(origins, fails)(apiEvent({ headers: { origin } }), lambdaContext());
    expect(answer.headers?.['Access-Control-Allow-Origin']).toBe(allowed);
    expect(answer.headers?.Vary).toBe(vary);
    expect(answer.headers?.['content-type']).toBe('application/json');
  });
});

describe('preflight', () => {
  test.each([
    ['OPTIONS', { origin: ONE, 'access-control-request-method': 'POST' }, true],
    ['OPTIONS', { origin: ONE }, false],
    ['OPTIONS', { 'access-control-request-method': 'POST' }, false],
    ['POST', { origin: ONE, 'access-control-request-method': 'POST' }, false],
  ])('isPreflight(%s, %j) is %s', (method, headers, expected) => {
    expect(isPreflight(method, headers)).toBe(expected);
  });

  test.each([
    [['*'], ONE, '*'],
    [[ONE], ONE, ONE],
    [[ONE], OTHER, undefined],
  ])('origins %j, Origin %s: 204, allowed origin %s', async (origins, origin, allowed) => {
    const event = apiEvent({
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    const answer = await preflightHandler({ origins })(event, lambdaContext());
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type, access-token, idempotency-key, x-debug',
      'Access-Control-Max-Age': '600',
    });
    expect(answer.headers?.['Access-Control-Allow-Origin']).toBe(allowed);
  });
});

describe('cors for a publishable key (one owner: the resolver)', () => {
  const ALLOWED = 'https://www.example.fr';
  const keyState: Middleware = {
    before: (request) => {
      request.context.app = {
        requestId: 'r',
        startedAt: 0,
        format: 'json',
        debug: false,
        entity: {
          ...entityContext(),
          credential: { kind: 'publishable', keyId: 'key_1', allowedOrigins: [ALLOWED] },
        },
      };
    },
  };
  const keyChain = (fails: boolean) =>
    middy<Event, Result, Error, AppContext>()
      .use(keyState)
      .use(cors({ origins: ['*'] }))
      .use(answerErrors)
      .handler(async () => {
        if (fails) throw new Error('refused');
        return { statusCode: 200, headers: {} };
      });

  test.each([
    ['from its origin', ALLOWED, false, ALLOWED],
    ['refused, from its origin', ALLOWED, true, ALLOWED],
    ['from another origin, though the stage allows every one', 'https://evil.example', false, undefined],
    ['refused, from another origin', 'https://evil.example', true, undefined],
    ['without Origin (a server)', undefined, false, undefined],
  ])('%s: Access-Control-Allow-Origin %s, Vary: Origin', async (_, origin, fails, allowed) => {
    const answer = await keyChain(fails)(apiEvent({ headers: origin ? { origin } : {} }), lambdaContext());
    expect(answer.headers?.['Access-Control-Allow-Origin']).toBe(allowed);
    expect(answer.headers?.Vary).toBe('Origin');
  });

  it('a key’s 403 refusal is readable by the origin that caused it (the widget says why)', async () => {
    const forbidden: Middleware = {
      onError: (request) => {
        request.response = { statusCode: 403, headers: {}, body: '{}' };
      },
    };
    const answer = await middy<Event, Result, Error, AppContext>()
      .use(keyState)
      .use(cors({ origins: ['*'] }))
      .use(forbidden)
      .handler(async () => {
        throw new Error('refused');
      })(apiEvent({ headers: { origin: 'https://evil.example' } }), lambdaContext());
    expect(answer.headers?.['Access-Control-Allow-Origin']).toBe('https://evil.example');
  });

  it('resolveOrigin: a key’s own origins, else the stage’s', () => {
    const credential = { kind: 'publishable' as const, keyId: 'k', allowedOrigins: [ALLOWED] };
    const withKey = { entity: { ...entityContext(), credential } };
    expect(resolveOrigin(['*'])(ALLOWED, {})).toBe('*');
    expect(resolveOrigin([ONE])(ONE, {})).toBe(ONE);
    expect(resolveOrigin([ONE])(OTHER, {})).toBeNull();
    expect(resolveOrigin(['*'])(ALLOWED, withKey)).toBe(ALLOWED);
    expect(resolveOrigin(['*'])(OTHER, withKey)).toBeNull();
    expect(resolveOrigin([])(ALLOWED, withKey)).toBe(ALLOWED);
  });
});
