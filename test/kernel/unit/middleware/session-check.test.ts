import middy from '@middy/core';
import { tokenInvalid } from '../../../../shared/core/errors';
import type { EntityContext } from '../../../../shared/features/access';
import { envelope } from '../../../../shared/http/middleware/envelope';
import { sessionCheck } from '../../../../shared/http/middleware/session-check';
import type { ApiProfile, AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import { v2Error, v2Success } from '../../../../shared/http/v2/answers';
import { apiEvent, entityContext, lambdaContext } from '../../../support/doubles/middy';

const V2: ApiProfile = { api: 'v2', success: (reply) => v2Success(reply), error: (error) => v2Error(error) };
const BASE = 'https://book.example.com';
const GOOD = 'A'.repeat(43);
const OWNER: EntityContext = {
  ...entityContext(),
  staff: { email: 'o@x.example', role: 'owner', calendarIds: [] },
};
const STAFF: EntityContext = {
  ...entityContext(),
  staff: { email: 's@x.example', role: 'staff', calendarIds: [3] },
};

/** The envelope, the session check over a stand-in of the sessions, and a handler that shows what it saw. */
function chain(who: EntityContext | null, route: { staffAllowed?: boolean; publicRead?: boolean } = {}) {
  const seen: { app?: AppContext['app'] } = {};
  const handler = middy<Event, Result, Error, AppContext>()
    .before((request) => {
      request.context.app = { requestId: 'r', startedAt: 0, format: 'json', debug: false };
    })
    .use(envelope({ profile: V2, logger: { error: () => undefined } }))
    .use(
      sessionCheck({
        authenticate: async (token) => {
          if (token !== GOOD || !who) throw tokenInvalid();
          return who;
        },
        publicBase: () => BASE,
        staffAllowed: route.staffAllowed ?? false,
        publicRead: route.publicRead ?? false,
      }),
    )
    .handler(async (_event, context) => {
      seen.app = context.app;
      return { data: [] } as unknown as Result;
    });
  return { handler, seen };
}

const event = (method: string, headers: Record<string, string>, query?: Record<string, string>) => ({
  ...apiEvent({ method, headers, ...(query ? { query } : {}) }),
  requestContext: { http: { method } } as Event['requestContext'],
});

describe('sessionCheck (a staff member session, the v2 API`s third credential)', () => {
  test.each([
    ['an owner reads', OWNER, 'GET', { cookie: `session=${GOOD}` }, {}, 200],
    [
      'an owner changes from the public base',
      OWNER,
      'POST',
      { cookie: `session=${GOOD}`, origin: BASE },
      {},
      200,
    ],
    ['an owner changes without Origin', OWNER, 'POST', { cookie: `session=${GOOD}` }, {}, 403],
    [
      'an owner changes from another site',
      OWNER,
      'POST',
      { cookie: `__Host-session=${GOOD}`, origin: 'https://evil.example' },
      {},
      403,
    ],
    ['a staff member on an owner route', STAFF, 'GET', { cookie: `session=${GOOD}` }, {}, 403],
    [
      'a staff member on a public read',
      STAFF,
      'GET',
      { cookie: `session=${GOOD}` },
      { publicRead: true },
      200,
    ],
    [
      'a staff member changes a public route',
      STAFF,
      'POST',
      { cookie: `session=${GOOD}`, origin: BASE },
      { publicRead: true },
      403,
    ],
    [
      'a staff member on their route',
      STAFF,
      'POST',
      { cookie: `session=${GOOD}`, origin: BASE },
      { staffAllowed: true },
      200,
    ],
    ['an unknown session', null, 'GET', { cookie: `session=${GOOD}` }, {}, 401],
  ] as const)('%s', async (_, who, method, headers, route, status) => {
    const { handler } = chain(who, route);
    const answer = await handler(event(method, headers), lambdaContext());
    expect(answer.statusCode).toBe(status);
  });

  it("refuses a staff member's filter of another calendar, lets theirs through", async () => {
    const { handler } = chain(STAFF, { publicRead: true });
    const headers = { cookie: `session=${GOOD}` };
    expect((await handler(event('GET', headers, { calendar_id: '4' }), lambdaContext())).statusCode).toBe(
      403,
    );
    expect((await handler(event('GET', headers, { calendar_id: '3' }), lambdaContext())).statusCode).toBe(
      200,
    );
  });

  it('writes the entity, the staff member and the session; leaves a token or no cookie to tokenCheck', async () => {
    const { handler, seen } = chain(STAFF, { staffAllowed: true });
    await handler(event('GET', { cookie: `other=1; session=${GOOD}` }), lambdaContext());
    expect(seen.app?.staff).toEqual(STAFF.staff);
    expect(seen.app?.entity).toBe(STAFF);
    expect(seen.app?.session).toEqual({ token: GOOD });
    const cases: Record<string, string>[] = [
      { cookie: `session=${GOOD}`, 'access-token': 'a'.repeat(40) },
      {},
      { cookie: 'session=short' },
    ];
    for (const headers of cases) {
      const other = chain(STAFF, { staffAllowed: true });
      expect((await other.handler(event('GET', headers), lambdaContext())).statusCode).toBe(200);
      expect(other.seen.app?.session).toBeUndefined();
    }
  });
});
