import { type Answer, startHttp } from '../../../support/api';
import { newEntity } from '../../../support/fixtures';
import { forEachMode } from '../../../support/modes';

type Entity = Awaited<ReturnType<typeof newEntity>>;
let entity: Entity;
beforeAll(async () => {
  entity = await newEntity();
});

const ORIGIN = 'https://app.example.com';

// Locally (STAGE=local, no CORS_ALLOWED_ORIGINS) every origin is allowed: `*`.
forEachMode('CORS on actual requests', (call) => {
  test.each([
    ['a v2 success', 'GET', '/api/v2/opening-hours', 'v2', 200],
    ['a v1 success in CSV', 'GET', '/api/calendars?format=csv', 'v1', 200],
    ['a refused token', 'GET', '/api/v2/opening-hours', 'none', 401],
    ['an unknown path', 'GET', '/api/v2/nowhere', 'v2', 404],
    ['a malformed body', 'POST', '/api/v2/appointments', 'v2', 400],
  ] as const)('%s (%s %s) lets the browser read it', async (_, method, url, token, status) => {
    const headers = { Origin: ORIGIN, ...(token === 'none' ? {} : entity[token]) };
    const answer = await call()(method, url, { headers, ...(method === 'POST' ? { body: '{' } : {}) });
    expect(answer.status).toBe(status);
    expect(header(answer, 'access-control-allow-origin')).toBe('*');
    expect(header(answer, 'access-control-expose-headers')).toBe(
      'x-request-id, server-timing, idempotent-replayed, ratelimit, ratelimit-policy, retry-after',
    );
  });
});

/** Header names are lower case over HTTP; a handler's answer keeps middy's spelling. */
const header = (answer: Answer, name: string) =>
  Object.entries(answer.headers).find(([key]) => key.toLowerCase() === name)?.[1];

describe('CORS preflight (local server, as API Gateway answers it)', () => {
  let http: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    http = await startHttp();
  });
  afterAll(async () => {
    await http.close();
  });

  const preflight = (url: string, headers: Record<string, string>) => http.call('OPTIONS', url, { headers });

  test.each([
    ['a v2 write', '/api/v2/appointments', 'POST'],
    ['a v1 path with a parameter', '/api/appointment/12', 'PUT'],
    ['a v1 read, trailing slash', '/api/calendars/', 'GET'],
    ['the information endpoint', '/api', 'GET'],
  ])('%s (%s) is answered 204 with the Access-Control-Allow-* headers', async (_, url, method) => {
    const answer = await preflight(url, {
      Origin: ORIGIN,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'access-token, content-type, idempotency-key',
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
      'access-control-allow-headers': 'content-type, access-token, idempotency-key, x-debug',
      'access-control-max-age': '600',
    });
  });

  test.each([
    [
      'an unknown path',
      '/api/v2/nowhere',
      { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      'endpoint not found',
    ],
    [
      'an OPTIONS that is no preflight (no Origin)',
      '/api/v2/appointments',
      { 'Access-Control-Request-Method': 'POST' },
      'endpoint not found',
    ],
    [
      'an OPTIONS that is no preflight (no requested method)',
      '/api/v2/appointments',
      { Origin: ORIGIN },
      'endpoint not found',
    ],
  ])('%s is 404 in the API’s envelope', async (_, url, headers, message) => {
    const answer = await preflight(url, headers);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ success: false, data: [], message, code: 'ENDPOINT_NOT_FOUND' });
  });
});
