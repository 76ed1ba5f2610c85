import { services, useClock } from '../../../../shared/wiring';
import { type Answer, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift } from '../../../support/invariants';

type Entity = Awaited<ReturnType<typeof newEntity>>;
const ORIGIN = 'https://www.example.fr';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
/** A v2 error: the status, the message, and the code given (else any code of the form). */
const expectError = (
  answer: Answer,
  status: number,
  message: string | RegExp,
  code: string | RegExp = /^[A-Z_]+$/,
) => {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({
    success: false,
    data: [],
    message: expect.stringMatching(message),
    code: typeof code === 'string' ? code : expect.stringMatching(code),
  });
};
const newKey = async (entity: Entity, origins = [ORIGIN]) => {
  const answer = await v2('POST', '/keys', entity.v2, { name: 'website', allowed_origins: origins });
  expect(answer.status).toBe(200);
  return answer.json.data as { id: string; key: string };
};
const asKey = (key: string, origin: string | undefined = ORIGIN) => ({
  'Access-Token': key,
  ...(origin ? { Origin: origin } : {}),
});
/**
 * The limits' windows are cut from the wiring's clock: fixed here at the first second of an hour, so that
 * every request of these tests falls in one window of each policy (each test has its own entity), and no test
 * waits for a fresh window.
 */
const HOUR = 3_600_000;
const FIXED_AT = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000;
beforeAll(() => useClock(() => FIXED_AT));
afterAll(() => useClock());

describe('publishable keys', () => {
  let entity: Entity;
  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN });
  });

  it('are created with the secret token, shown once, listed without the key', async () => {
    const created = await v2('POST', '/keys', entity.v2, {
      name: ' website ',
      allowed_origins: [ORIGIN, 'http://localhost:5173'],
    });
    expect(created.json).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^key_[0-9a-f]{16}$/),
        key: expect.stringMatching(/^pk_[A-Za-z0-9_-]{43}$/),
        name: 'website',
        scope: 'booking',
        allowed_origins: [ORIGIN, 'http://localhost:5173'],
        hosted_page: false,
        // To the second, in UTC written +00:00 (docs/CONTRACT.md#time).
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
      },
      message: 'publishable key created',
    });
    const list = await v2('GET', '/keys', entity.v2);
    const { key: _key, ...listed } = created.json.data;
    expect(list.json.data).toEqual([listed]);
    expect(list.text).not.toContain(created.json.data.key);
  });

  it.each([
    [{ allowed_origins: [ORIGIN] }, /^name: is required$/],
    [{ name: 'w', allowed_origins: [] }, /^allowed_origins: must list 1 to 10 origins$/],
    [
      { name: 'w', allowed_origins: Array.from({ length: 11 }, (_, i) => `https://a${i}.fr`) },
      /must list 1 to 10/,
    ],
    [{ name: 'w', allowed_origins: ['https://www.example.fr/book'] }, /is not an exact origin/],
    [{ name: 'w', allowed_origins: ['*'] }, /is not an exact origin/],
    [{ name: 'w', allowed_origins: ['https://*.example.com'] }, /is not an exact origin/],
    [{ name: 'w', allowed_origins: ['http://shop*.example.com:8080'] }, /is not an exact origin/],
    [{ name: 'w', allowed_origins: ['ftp://example.fr'] }, /is not an exact origin/],
    [
      { name: 'w', allowed_origins: 'https://www.example.fr' },
      /^allowed_origins: must be a list of origins$/,
    ],
  ])('refuses %j with 400', async (body, message) => {
    expectError(await v2('POST', '/keys', entity.v2, body), 400, message);
  });

  it('book, read slots and cancel from an allowed origin; the answer allows only that origin', async () => {
    const { key } = await newKey(entity);
    const date = futureWorkingDate(30);
    const slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date })).json.data;
    const read = await v2('GET', `/calendar-slots?date=${date}`, asKey(key));
    expect(read.status).toBe(200);
    expect(read.headers['Access-Control-Allow-Origin']).toBe(ORIGIN);
    const booked = await v2('POST', '/appointments', asKey(key), {
      client_name: 'Web Visitor',
      client_phone: mobile(1),
      slot_id: slots[0].id,
    });
    expect(booked.status).toBe(200);
    const cancelled = await v2('POST', '/appointments/cancel', asKey(key), {
      cancel_token: booked.json.data.cancel_token,
    });
    expect(cancelled.json.data.status).toBe('cancelled');
    for (const path of [
      '/opening-hours',
      `/opening-hours/check-date?date=${date}`,
      `/opening-hours/date?date=${date}`,
    ]) {
      expect((await v2('GET', path, asKey(key))).status).toBe(200);
    }
    expect((await v2('POST', '/validation/phone', asKey(key), { phone_number: '0612345678' })).status).toBe(
      200,
    );
    expect((await v2('POST', '/validation/email', asKey(key), { email: 'a@b.fr' })).status).toBe(200);
    // Without an Origin header (a server calling): allowed, no CORS header for anyone.
    expect((await v2('GET', '/opening-hours', asKey(key, undefined))).status).toBe(200);
  });

  it('answer 403 from another origin, and do nothing', async () => {
    const { key } = await newKey(entity);
    const date = futureWorkingDate(31);
    const slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date })).json.data;
    const refused = await v2('POST', '/appointments', asKey(key, 'https://evil.example'), {
      client_name: 'Evil Visitor',
      client_phone: mobile(2),
      slot_id: slots[0].id,
    });
    expectError(refused, 403, /^this publishable key may not be used from this origin$/, 'FORBIDDEN');
    // The refusal itself is readable there, so the page's widget can say why (docs/CONTRACT.md#publishable-keys).
    expect(refused.headers['Access-Control-Allow-Origin']).toBe('https://evil.example');
    const after = (await v2('GET', `/calendar-slots?date=${date}`, entity.v2)).json.data;
    expect(after[0].available_slots).toBe(slots[0].available_slots);
  });

  it.each([
    ['GET', '/settings'],
    ['POST', '/settings'],
    ['POST', '/calendar-slots/generate'],
    ['POST', '/calendar-slots/update'],
    ['POST', '/calendar-slots/delete'],
    ['POST', '/webhooks'],
    ['GET', '/webhooks'],
    ['GET', '/events'],
    ['GET', '/keys'],
    ['POST', '/keys'],
    ['POST', '/keys/delete'],
    ['GET', '/closures'],
    ['POST', '/opening-hours/update'],
  ])('answer 403 on %s %s (outside their scope), in the v2 envelope', async (method, path) => {
    const { key } = await newKey(entity);
    const answer = await v2(
      method,
      path,
      asKey(key),
      method === 'POST' ? { slot_id: 1, date: '2030-01-07' } : undefined,
    );
    expectError(answer, 403, /^a publishable key may not do this: use the secret token of the entity$/);
  });

  it('answer 401 on v1 routes, as any token of another API', async () => {
    const { key } = await newKey(entity);
    const answer = await viaHandler('GET', '/api/calendars', { headers: asKey(key) });
    expect(answer.status).toBe(401);
    expect(answer.json.error_code).toBe('AUTH_INVALID');
  });

  it('stop working at once when deleted (401); an unknown id is 404', async () => {
    const { id, key } = await newKey(entity);
    expect((await v2('GET', '/opening-hours', asKey(key))).status).toBe(200);
    const removed = await v2('POST', '/keys/delete', entity.v2, { id });
    expect(removed.json).toEqual({ success: true, data: [], message: 'publishable key deleted' });
    expectError(await v2('GET', '/opening-hours', asKey(key)), 401, /^invalid access token$/, 'AUTH_INVALID');
    expectError(await v2('POST', '/keys/delete', entity.v2, { id }), 404, /^publishable key not found$/);
  });

  it('belong to their entity: another entity neither lists nor removes them', async () => {
    const { id } = await newKey(entity);
    const other = await newEntity();
    expect((await v2('GET', '/keys', other.v2)).json.data).toEqual([]);
    expectError(await v2('POST', '/keys/delete', other.v2, { id }), 404, /not found/);
  });

  it('are at most 20 an entity, even when asked for at once', async () => {
    const full = await newEntity();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        v2('POST', '/keys', full.v2, { name: 'k', allowed_origins: [ORIGIN] }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectError(refused, 409, /^an entity has at most 20 publishable keys$/, 'INVALID_PARAMETER');
    }
    expect((await v2('GET', '/keys', full.v2)).json.data).toHaveLength(20);
  });
});

describe('answers with personal data', () => {
  it('every answer to a token says no-store; the public service routes may be cached', async () => {
    const entity = await newEntity();
    for (const [method, url, headers] of [
      ['GET', '/api/v2/opening-hours', entity.v2],
      ['GET', '/api/v2/keys', entity.v2],
      ['GET', '/api/appointments', entity.v1],
      ['GET', '/api/clients?format=csv', entity.v1],
      ['GET', '/api/v2/settings', { 'Access-Token': 'f'.repeat(40) }],
    ] as const) {
      const answer = await viaHandler(method, url, { headers });
      expect({ url, cache: answer.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
    expect((await viaHandler('GET', '/api/health')).headers['cache-control']).toBeUndefined();
  });
});

describe('limits', () => {
  const limit = async (entity: Entity, limits: Record<string, number>) =>
    services().admin.setLimits(entity.entity_account_id, limits);

  it('no limit, no counter and no header unless one is set', async () => {
    const entity = await newEntity();
    const answer = await v2('GET', '/opening-hours', entity.v2);
    expect(answer.headers.ratelimit).toBeUndefined();
    expect(answer.headers['ratelimit-policy']).toBeUndefined();
  });

  it('admits exactly the quota under 3× the quota at once, then 429 with Retry-After and headers', async () => {
    const entity = await newEntity();
    await limit(entity, { requests_per_minute: 10 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => v2('GET', '/opening-hours', entity.v2)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    expect(ok.map((a) => a.headers['ratelimit-policy'])).toEqual(Array(10).fill('"entity";q=10;w=60'));
    const remaining = ok
      .map((a) => Number(/r=(\d+)/.exec(a.headers.ratelimit ?? '')?.[1]))
      .sort((x, y) => x - y);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const answer of refused) {
      const seconds = Number(answer.headers['retry-after']);
      // One second into the window.
      expect(seconds).toBe(59);
      expectError(answer, 429, new RegExp(`^too many requests, retry in ${seconds} s$`), 'RATE_LIMITED');
      expect(answer.headers.ratelimit).toBe(`"entity";r=0;t=${seconds}`);
    }
  });

  it('a flood of one tenant never refuses nor counts another tenant', async () => {
    const [flooded, quiet] = [await newEntity(), await newEntity()];
    await limit(flooded, { requests_per_minute: 5 });
    await limit(quiet, { requests_per_minute: 5 });
    await Promise.all(Array.from({ length: 20 }, () => v2('GET', '/opening-hours', flooded.v2)));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await v2('GET', '/opening-hours', quiet.v2));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.headers.ratelimit).toMatch(/^"entity";r=4;/);
  });

  it('bookings_per_minute: a refused booking books nothing and moves no counter', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    // Set before the entity's first request: a function instance reads an entity's limits every 5 s.
    await limit(entity, { bookings_per_minute: 3 });
    const date = futureWorkingDate(40);
    const slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 50 }))
      .json.data;
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        v2('POST', '/appointments', entity.v2, {
          client_name: 'Quick Booker',
          client_phone: mobile(100 + i),
          slot_id: slots[0].id,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    const slot = (await v2('GET', `/calendar-slots?date=${date}`, entity.v2)).json.data[0];
    expect(slot.available_slots).toBe(47);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    // Reading is not booking: still admitted.
    expect((await v2('GET', '/opening-hours', entity.v2)).status).toBe(200);
  });

  it('visitor limits count per publishable key and caller address', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    await limit(entity, { visitor_requests_per_minute: 4 });
    const { key } = await newKey(entity);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => v2('GET', '/opening-hours', asKey(key))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.headers['ratelimit-policy']).toBe('"visitor";q=4;w=60');
    // The secret token is not a visitor: still admitted.
    expect((await v2('GET', '/opening-hours', entity.v2)).status).toBe(200);
  });

  it('visitor_bookings_per_hour: one key and address books at most the quota in an hour', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    await limit(entity, { visitor_bookings_per_hour: 2 });
    const { key } = await newKey(entity);
    const date = futureWorkingDate(41);
    const slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 50 }))
      .json.data;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        v2('POST', '/appointments', asKey(key), {
          client_name: 'Web Visitor',
          client_phone: mobile(200 + i),
          slot_id: slots[1].id,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.headers['ratelimit-policy']).toBe('"visitor-bookings";q=2;w=3600');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The entity itself may still book.
    const own = await v2('POST', '/appointments', entity.v2, {
      client_name: 'Desk',
      client_phone: mobile(299),
      slot_id: slots[1].id,
    });
    expect(own.status).toBe(200);
  });

  it('a publishable key counts against the public quota: spent, the secret token is still admitted', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    // Creating the key is one of the business's requests.
    await limit(entity, { requests_per_minute: 3, public_requests_per_minute: 3 });
    const { key } = await newKey(entity);
    const visitors = await Promise.all(
      Array.from({ length: 6 }, () => v2('GET', '/opening-hours', asKey(key))),
    );
    expect(visitors.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = visitors.find((a) => a.status === 429) as Answer;
    expect(refused.headers.ratelimit).toBe('"public";r=0;t=59');
    const admitted = visitors.find((a) => a.status === 200) as Answer;
    expect(admitted.headers['ratelimit-policy']).toBe('"public";q=3;w=60');
    // The business's own requests: its own quota, untouched by its visitors.
    const own = [await v2('GET', '/opening-hours', entity.v2), await v2('GET', '/opening-hours', entity.v2)];
    expect(own.map((a) => a.status)).toEqual([200, 200]);
    expect(own[1]?.headers.ratelimit).toBe('"entity";r=0;t=59');
    expect((await v2('GET', '/opening-hours', entity.v2)).status).toBe(429);
    // And the other way round: the business's quota spent, its visitors are not refused by it.
    const other = await newEntity({ hours: ALWAYS_OPEN });
    await limit(other, { requests_per_minute: 1, public_requests_per_minute: 5 });
    const otherKey = (await newKey(other)).key;
    expect((await v2('GET', '/opening-hours', other.v2)).status).toBe(429);
    expect((await v2('GET', '/opening-hours', asKey(otherKey))).status).toBe(200);
  });

  it('public_bookings_per_minute counts a key’s bookings; the business still books', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    await limit(entity, { public_bookings_per_minute: 2, bookings_per_minute: 5 });
    const { key } = await newKey(entity);
    const date = futureWorkingDate(42);
    const slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 50 }))
      .json.data;
    const book = (headers: Record<string, string>, i: number) =>
      v2('POST', '/appointments', headers, {
        client_name: 'Web Visitor',
        client_phone: mobile(400 + i),
        slot_id: slots[2].id,
      });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => book(asKey(key), i)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.find((a) => a.status === 429) as Answer;
    expect(refused.headers['ratelimit-policy']).toBe('"public-bookings";q=2;w=60');
    const own = await book(entity.v2, 9);
    expect(own.status).toBe(200);
    expect(own.headers['ratelimit-policy']).toBe('"entity-bookings";q=5;w=60');
  });

  it('a key’s refused requests (403 from another origin or route, malformed JSON) count for its visitor', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    await limit(entity, { visitor_requests_per_minute: 3 });
    const { key } = await newKey(entity);
    const elsewhere = await v2('GET', '/opening-hours', asKey(key, 'https://evil.example'));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.ratelimit).toBe('"visitor";r=2;t=59');
    expect((await v2('POST', '/calendar-slots/generate', asKey(key), { date: '2030-01-07' })).status).toBe(
      403,
    );
    expect((await v2('POST', '/appointments', asKey(key), '{"slot_id": ')).status).toBe(400);
    const then = await v2('GET', '/opening-hours', asKey(key));
    expect(then.status).toBe(429);
    expect(then.headers.ratelimit).toBe('"visitor";r=0;t=59');
    // A secret token's malformed request is refused before it is counted, as before.
    const fresh = await newEntity();
    await limit(fresh, { requests_per_minute: 1 });
    expect((await v2('POST', '/appointments', fresh.v2, '{')).status).toBe(400);
    expect((await v2('GET', '/opening-hours', fresh.v2)).status).toBe(200);
  });

  it('v1 answers 429 with error_code RATE_LIMITED in its envelope', async () => {
    const entity = await newEntity();
    await limit(entity, { requests_per_minute: 1 });
    await viaHandler('GET', '/api/calendars', { headers: entity.v1 });
    const answer = await viaHandler('GET', '/api/calendars', { headers: entity.v1 });
    expect(answer.status).toBe(429);
    expect(answer.json).toMatchObject({ success: false, error_code: 'RATE_LIMITED', http_code: 429 });
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  });
});
