import * as z from 'zod';
import { config } from '../../../../shared/config';
import { AppError } from '../../../../shared/core/errors';
import { IdempotencyRepository } from '../../../../shared/features/access/store/idempotency-repository';
import { SECURITY_HEADERS } from '../../../../shared/http/middleware/security-headers';
import { type ApiProfile, bindStack, type StackDeps } from '../../../../shared/http/stack';
import type { Authenticator } from '../../../../shared/http/stack-deps';
import { v1Error, v1Success } from '../../../../shared/http/v1/answers';
import { v2Error, v2Success } from '../../../../shared/http/v2/answers';
import { body, id } from '../../../../shared/shapes/fields';
import { documentClient } from '../../../../shared/wiring';
import { apiEvent, entityContext, lambdaContext } from '../../../support/doubles/middy';

const V1: ApiProfile = { api: 'v1', success: v1Success, error: v1Error };
const V2: ApiProfile = { api: 'v2', success: (reply) => v2Success(reply), error: (error) => v2Error(error) };

const authenticate: Authenticator = async (token, api) => {
  if (token !== `token-${api}`) throw new AppError('auth', 'AUTH_INVALID', 'invalid access token');
  return entityContext();
};
let built = 0;
/** Counts how often the stack asks for its dependencies: never when a handler is defined. */
const deps = (): StackDeps => {
  built += 1;
  return {
    authenticate,
    idempotency: new IdempotencyRepository({ doc: documentClient(), name: config.tableName }),
    admit: async () => ({ ok: true, states: [] }),
  };
};

const defineV1 = bindStack(V1, deps);
const defineV2 = bindStack(V2, deps);
const echoHeader = defineV1({ api: 'v1', debugMode: true }, async ({ headers, debug }) => ({
  data: { seen: headers('X-Custom') ?? null, debug },
}));
let bookings = 0;
const book = defineV2(
  { api: 'v2', hasBody: true, idempotent: true, body: body({ slot_id: id() }) },
  async ({ body: { slot_id } }) => {
    bookings += 1;
    return { data: { slot_id, booking: bookings } };
  },
);
const path = defineV2({ api: 'v2', path: z.object({ id: id() }) }, async ({ path: { id } }) => ({
  data: id,
}));

describe('the shared stack (buildHandler)', () => {
  it('builds nothing when a handler is defined', () => {
    expect(built).toBe(0);
  });

  test.each([
    ['lower case', { 'access-token': 'token-v1', 'x-custom': 'a' }, 'json', 'a'],
    [
      'API Gateway REST / SAM case',
      { 'Access-Token': 'token-v1', 'X-Custom': 'b', Accept: 'text/csv' },
      'csv',
      'b',
    ],
    ['upper case', { 'ACCESS-TOKEN': 'token-v1', 'X-CUSTOM': 'c', ACCEPT: 'application/xml' }, 'xml', 'c'],
  ])('reads headers sent in %s', async (_, headers, format, seen) => {
    const answer = await echoHeader(apiEvent({ headers }), lambdaContext());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers?.['content-type']).toContain(format === 'json' ? 'application/json' : format);
    expect(answer.body).toContain(seen);
  });

  test.each([
    ['X-Debug', { 'X-Debug': 'true' }],
    ['x-debug', { 'x-debug': 'true' }],
  ])('v1 debug mode by %s needs no token', async (_, headers) => {
    const answer = await echoHeader(apiEvent({ headers }), lambdaContext());
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body ?? '').data.debug).toBe(config.debugModeEnabled);
  });

  it('replays a booking whatever the case of Idempotency-Key', async () => {
    const send = (headers: Record<string, string>) =>
      book(apiEvent({ method: 'POST', headers, body: '{"slot_id":"5"}' }), lambdaContext());
    const first = await send({ 'Access-Token': 'token-v2', 'Idempotency-Key': 'stack-1' });
    const retry = await send({ 'access-token': 'token-v2', 'IDEMPOTENCY-KEY': 'stack-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers?.['idempotent-replayed']).toBe('true');
    expect(bookings).toBe(1);
  });

  test.each([
    ['a success', { 'access-token': 'token-v2' }, { id: '3' }, 200],
    ['a refused token', { 'access-token': 'nope' }, { id: '3' }, 401],
    ['an invalid path id', { 'access-token': 'token-v2' }, { id: 'x' }, 400],
  ])(
    '%s carries the request id, timing, security and CORS headers',
    async (_, headers, pathParameters, status) => {
      const answer = await path(
        apiEvent({ headers: { ...headers, origin: 'https://app.example' }, pathParameters }),
        lambdaContext(),
      );
      expect(answer.statusCode).toBe(status);
      expect(answer.headers).toMatchObject({
        ...SECURITY_HEADERS,
        'x-request-id': 'req-1',
        'server-timing': expect.stringContaining('total;dur='),
        'Access-Control-Allow-Origin': '*',
      });
    },
  );

  test.each([
    ['null', null],
    ['a string', 'GET /api/v2/slots'],
  ])(
    'an event that is %s (never API Gateway’s) is answered in the envelope, as a request without its token',
    async (_, event) => {
      const answer = await path(event as unknown as Parameters<typeof path>[0], lambdaContext());
      expect(answer.statusCode).toBe(401);
      expect(JSON.parse(answer.body ?? '')).toMatchObject({
        success: false,
        message: 'invalid access token',
      });
      expect(answer.headers).toMatchObject({ 'x-request-id': expect.any(String) });
    },
  );

  it('refuses a route built with the other API’s profile', () => {
    expect(() => defineV2({ api: 'v1' }, async () => ({ data: null }))).toThrow(
      'a v1 route built with the v2 stack',
    );
  });
});
