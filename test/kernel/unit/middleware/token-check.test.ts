import middy from '@middy/core';
import { AppError } from '../../../../shared/core/errors';
import type { EarlyReads } from '../../../../shared/features/booking';
import { tokenCheck } from '../../../../shared/http/middleware/token-check';
import type { AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import type { Api, Authenticator } from '../../../../shared/http/stack-deps';
import { apiEvent, entityContext, lambdaContext, seedState } from '../../../support/doubles/middy';

/** Knows one token per API; refuses others as the real AuthService does (401). */
const authenticate: Authenticator = async (token, api) => {
  if (!token) throw new AppError('auth', 'AUTH_REQUIRED', 'access token required');
  if (token !== `good-${api}`) throw new AppError('auth', 'AUTH_INVALID', 'invalid access token');
  return entityContext(`entity-of-${token}`);
};

const chain = (api: Api, debugMode = false) =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState())
    .use(tokenCheck({ api, authenticate, debugMode }))
    .handler(async (_event, { app }) => ({
      statusCode: 200,
      body: JSON.stringify({ entity: app.entity?.entityId ?? null, debug: app.debug }),
    }));

describe('tokenCheck', () => {
  test.each([
    ['v2', 'the header', { headers: { 'access-token': 'good-v2' } }, 'entity-of-good-v2'],
    ['v2', 'the parameter', { query: { access_token: 'good-v2' } }, 'entity-of-good-v2'],
    [
      'v1',
      'the header over the parameter',
      { headers: { 'access-token': 'good-v1' }, query: { access_token: 'bad' } },
      'entity-of-good-v1',
    ],
    [
      'v1',
      'the parameter when the header is empty',
      { headers: { 'access-token': '' }, query: { access_token: 'good-v1' } },
      'entity-of-good-v1',
    ],
  ] as const)('%s takes its token from %s', async (api, _, parts, entity) => {
    const answer = await chain(api)(apiEvent(parts), lambdaContext());
    expect(JSON.parse(answer.body ?? '')).toEqual({ entity, debug: false });
  });

  test.each([
    ['v2', 'no token', {}, 'AUTH_REQUIRED'],
    ['v2', 'the other API’s token', { headers: { 'access-token': 'good-v1' } }, 'AUTH_INVALID'],
    ['v1', 'a wrong token', { query: { access_token: 'nope' } }, 'AUTH_INVALID'],
    ['v2', 'debug=true (v2 has no debug mode)', { query: { debug: 'true' } }, 'AUTH_REQUIRED'],
  ] as const)('%s with %s is 401 %s', async (api, _, parts, code) => {
    await expect(chain(api, true)(apiEvent(parts), lambdaContext())).rejects.toMatchObject({
      status: 401,
      code,
    });
  });

  test.each([
    ['debug=true', { query: { debug: 'true' } }, true, true],
    ['x-debug: TRUE', { headers: { 'x-debug': ' TRUE ' } }, true, true],
    ['debug=true where the route or stage has no debug mode', { query: { debug: 'true' } }, false, false],
    ['debug=false', { query: { debug: 'false' } }, true, false],
  ] as const)('v1 %s: debug %s needs no token', async (_, parts, debugMode, debug) => {
    const run = chain('v1', debugMode)(apiEvent(parts), lambdaContext());
    if (debug) expect(JSON.parse((await run).body ?? '')).toEqual({ entity: null, debug: true });
    else await expect(run).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });
});

describe('tokenCheck with a prefetch', () => {
  /** A token that names `owner.entity`, whose owner a test may change (as a rotation would refuse it). */
  const owner = { entity: 'salon-a' as string | null };
  const byOwner: Authenticator = async () => {
    if (!owner.entity) throw new AppError('auth', 'AUTH_INVALID', 'invalid access token');
    return entityContext(owner.entity);
  };
  const started: string[] = [];
  /** Early reads named by their entity (never settled: the check hands them on, it does not await them). */
  const readsFor = (entityId: string): EarlyReads => ({
    entityId,
    request: { calendarId: 1, slotId: 1, phone: '+33612345678' },
    reads: new Promise(() => undefined),
  });
  const prefetching = (prefetch: (entityId: string) => EarlyReads) =>
    middy<Event, Result, Error, AppContext>()
      .use(seedState())
      .use(
        tokenCheck({
          api: 'v2',
          authenticate: byOwner,
          prefetch: (lastSeen) => {
            started.push(lastSeen.entityId);
            return prefetch(lastSeen.entityId);
          },
        }),
      )
      .handler(async (_event, { app }) => ({
        statusCode: 200,
        body: JSON.stringify({
          entity: app.entity?.entityId,
          prefetched: app.prefetched ? `read for ${app.prefetched.entityId}` : null,
        }),
      }));
  const call = (handler: ReturnType<typeof prefetching>, token: string) =>
    handler(apiEvent({ headers: { 'access-token': token } }), lambdaContext()).then((answer) =>
      JSON.parse(answer.body ?? ''),
    );

  beforeEach(() => {
    started.length = 0;
    owner.entity = 'salon-a';
  });

  it('starts nothing for a token it has not seen; then starts for the entity the token named', async () => {
    const handler = prefetching(readsFor);
    expect(await call(handler, 'token-1')).toEqual({ entity: 'salon-a', prefetched: null });
    expect(started).toEqual([]);
    expect(await call(handler, 'token-1')).toEqual({ entity: 'salon-a', prefetched: 'read for salon-a' });
    expect(started).toEqual(['salon-a']);
  });

  it('drops what it started when the token now names another entity, or none (401, then forgotten)', async () => {
    const handler = prefetching(readsFor);
    await call(handler, 'token-2');
    owner.entity = 'salon-b';
    expect(await call(handler, 'token-2')).toEqual({ entity: 'salon-b', prefetched: null });
    owner.entity = null;
    await expect(call(handler, 'token-2')).rejects.toMatchObject({ status: 401 });
    // A refused token is forgotten: its next request starts nothing.
    await expect(call(handler, 'token-2')).rejects.toMatchObject({ status: 401 });
    expect(started).toEqual(['salon-a', 'salon-b']);
  });

  it('answers as without a prefetch when the prefetch throws', async () => {
    const handler = prefetching(() => {
      throw new Error('not a booking body');
    });
    await call(handler, 'token-3');
    expect(await call(handler, 'token-3')).toEqual({ entity: 'salon-a', prefetched: null });
    expect(started).toEqual(['salon-a']);
  });
});
