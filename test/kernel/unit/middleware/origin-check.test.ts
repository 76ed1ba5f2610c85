import middy from '@middy/core';
import { envelope } from '../../../../shared/http/middleware/envelope';
import { ORIGIN_HEADER, originAllowed, originCheck } from '../../../../shared/http/middleware/origin-check';
import { tokenCheck } from '../../../../shared/http/middleware/token-check';
import type { ApiProfile, AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import { v1Error, v1Success } from '../../../../shared/http/v1/answers';
import { v2Error, v2Success } from '../../../../shared/http/v2/answers';
import { apiEvent, entityContext, lambdaContext, seedState } from '../../../support/doubles/middy';

const V1: ApiProfile = { api: 'v1', success: v1Success, error: v1Error };
const V2: ApiProfile = { api: 'v2', success: (reply) => v2Success(reply), error: (error) => v2Error(error) };

/** The envelope, the origin check, and a handler that answers (and counts how often it ran). */
function chain(profile: ApiProfile, secret: string | undefined) {
  const ran = { count: 0 };
  const handler = middy<Event, Result, Error, AppContext>()
    .use(seedState({ entity: entityContext() }))
    .use(envelope({ profile, logger: { error: () => undefined } }))
    .use(originCheck({ secret }))
    .handler(async () => {
      ran.count += 1;
      return { data: { ok: true } } as unknown as Result;
    });
  return { handler, ran };
}

const SECRET = 'a-long-secret-only-cloudfront-knows';

describe('originCheck (a stage behind CloudFront)', () => {
  test.each([
    ['no header', {}],
    ['a wrong value', { [ORIGIN_HEADER]: 'guess' }],
    ['the value with a different case', { [ORIGIN_HEADER]: SECRET.toUpperCase() }],
  ])('refuses %s with 403 in the v2 envelope, before the handler runs', async (_, headers) => {
    const { handler, ran } = chain(V2, SECRET);
    const answer = await handler(apiEvent({ headers }), lambdaContext());
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body ?? '')).toEqual(expect.objectContaining({ success: false }));
    expect(ran.count).toBe(0);
  });

  it('refuses with 403 in the v1 envelope on a v1 route', async () => {
    const { handler } = chain(V1, SECRET);
    const answer = await handler(apiEvent({}), lambdaContext());
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body ?? '')).toEqual(
      expect.objectContaining({ success: false, error_code: 'FORBIDDEN', http_code: 403 }),
    );
  });

  it('lets a request carrying the secret through', async () => {
    const { handler, ran } = chain(V2, SECRET);
    const answer = await handler(apiEvent({ headers: { [ORIGIN_HEADER]: SECRET } }), lambdaContext());
    expect(answer.statusCode).toBe(200);
    expect(ran.count).toBe(1);
  });

  it('checks nothing on a stage without a secret (no CloudFront)', async () => {
    for (const secret of [undefined, '']) {
      const { handler } = chain(V2, secret);
      expect((await handler(apiEvent({}), lambdaContext())).statusCode).toBe(200);
    }
  });
});

describe('originAllowed (handlers outside the stack: the feed)', () => {
  it('allows everything without a secret, and only the secret with one', () => {
    expect(originAllowed(undefined, undefined)).toBe(true);
    expect(originAllowed({}, '')).toBe(true);
    expect(originAllowed({ [ORIGIN_HEADER]: SECRET }, SECRET)).toBe(true);
    expect(originAllowed({}, SECRET)).toBe(false);
    expect(originAllowed(undefined, SECRET)).toBe(false);
    expect(originAllowed({ [ORIGIN_HEADER]: `${SECRET}x` }, SECRET)).toBe(false);
  });
});

describe('the visitor behind the edge (issue 58, point 1)', () => {
  const key = async () => ({
    ...entityContext(),
    credential: { kind: 'publishable' as const, keyId: 'key_1', allowedOrigins: [] },
  });
  const visitorOf = async (secret: string | undefined, headers: Record<string, string>, sourceIp: string) => {
    const handler = middy<Event, Result, Error, AppContext>()
      .use(seedState())
      .use(originCheck({ secret }))
      .use(tokenCheck({ api: 'v2', authenticate: key, publishable: true }))
      .handler(async (_event, { app }) => ({ statusCode: 200, body: JSON.stringify(app.visitor) }));
    const event = apiEvent({ headers: { 'access-token': 'pk', ...headers } });
    event.requestContext.http.sourceIp = sourceIp;
    return JSON.parse((await handler(event, lambdaContext())).body ?? '');
  };

  it('is the viewer CloudFront names when the request carried the secret', async () => {
    const headers = { [ORIGIN_HEADER]: SECRET, 'cloudfront-viewer-address': '198.51.100.7:46532' };
    expect(await visitorOf(SECRET, headers, '130.176.0.1')).toEqual({ keyId: 'key_1', ip: '198.51.100.7' });
    const v6 = { [ORIGIN_HEADER]: SECRET, 'cloudfront-viewer-address': '2001:db8:1:2:3:4:5:6:443' };
    expect(await visitorOf(SECRET, v6, '130.176.0.1')).toEqual({ keyId: 'key_1', ip: '2001:db8:1:2::/64' });
  });

  it('ignores the header on a stage without a secret: the source address (an IPv6 one as its /64)', async () => {
    const headers = { 'cloudfront-viewer-address': '198.51.100.7:46532' };
    expect(await visitorOf(undefined, headers, '203.0.113.5')).toEqual({ keyId: 'key_1', ip: '203.0.113.5' });
    expect(await visitorOf(undefined, headers, '2001:db8::9')).toEqual({
      keyId: 'key_1',
      ip: '2001:db8:0:0::/64',
    });
  });
});
