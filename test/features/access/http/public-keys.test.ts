import { request as httpRequest } from 'node:http';
import { addDays, todayIn } from '../../../../shared/core/dates';
import {
  adminHere,
  eventually,
  onFileTable,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * Issue "open to the public, safely", as a user does it: `npm start` and the admin CLI alone. A publishable
 * key books from its origin and is refused elsewhere; a limit set by the CLI while the server runs answers
 * 429 at exactly its quota; the refused request changes nothing; another tenant is untouched. The CLI's
 * commands run in this process (adminHere: the same `admin()`, its process is admin-cli.test.ts's) on the
 * server's store, this file's table.
 */
const ORIGIN = 'https://www.example.fr';
/**
 * The server's limits see one fixed instant (LIMITS_CLOCK_MS, local stage only), the first second of an
 * hour: every request of this file falls in one window of each policy, and no test waits for a fresh one.
 */
const HOUR = 3_600_000;
const FIXED_AT = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000;
/** The run's shared engine and this file's table: no JVM of its own (engines: runtime.test.ts). */
const store = onFileTable();

describe('publishable keys and limits through npm start and the admin CLI', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'demo-keys',
      LIMITS_CLOCK_MS: String(FIXED_AT),
      // An entity's limits read again after 0.2 s (5 s unless set): a change shows within a poll or two.
      LIMITS_CACHE_MS: '200',
    });
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  });
  const call = async (method: string, path: string, token: string, body?: unknown, origin?: string) => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'Access-Token': token, ...(origin ? { Origin: origin } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
    return { status: answer.status, headers: answer.headers, json: (await answer.json()) as any };
  };

  it('a key books from its origin, and is refused outside its scope and origins', async () => {
    const created = await call('POST', '/api/v2/keys', server.v2, {
      name: 'website',
      allowed_origins: [ORIGIN],
    });
    expect(created.status).toBe(200);
    const key = created.json.data.key as string;
    const today = todayIn('Europe/Paris');
    let date = addDays(today, 7);
    for (let i = 0; i < 14; i++, date = addDays(date, 1)) {
      const generated = await call('POST', '/api/v2/calendar-slots/generate', server.v2, { date });
      if (generated.status === 200) break;
    }
    const slots = await call(
      'GET',
      `/api/v2/calendar-slots?date=${date}&available=true`,
      key,
      undefined,
      ORIGIN,
    );
    expect(slots.status).toBe(200);
    expect(slots.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const booked = await call(
      'POST',
      '/api/v2/appointments',
      key,
      { client_name: 'Web Visitor', client_phone: '0611223344', slot_id: slots.json.data[0].id },
      ORIGIN,
    );
    expect(booked.status).toBe(200);
    const elsewhere = await call('GET', '/api/v2/opening-hours', key, undefined, 'https://evil.example');
    expect(elsewhere.status).toBe(403);
    // The refusal is readable by the page that caused it, so its widget can say why (nothing else is).
    expect(elsewhere.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    const outside = await call('POST', '/api/v2/calendar-slots/generate', key, { date }, ORIGIN);
    expect(outside.json).toEqual({
      success: false,
      data: [],
      message: 'a publishable key may not do this: use the secret token of the entity',
      code: 'FORBIDDEN',
    });
    expect(outside.status).toBe(403);
    expect((await call('GET', '/api/calendars', key)).status).toBe(401);

    const listed = await adminHere(['list-keys', 'demo-keys']);
    expect(listed.json).toEqual([expect.objectContaining({ id: created.json.data.id, name: 'website' })]);
    expect((await adminHere(['remove-key', 'demo-keys', created.json.data.id])).code).toBe(0);
    expect((await call('GET', '/api/v2/opening-hours', key, undefined, ORIGIN)).status).toBe(401);
  });

  it('a limit set while the server runs answers 429 at exactly its quota; another tenant is untouched', async () => {
    const other = await adminHere(['create-entity', 'other-keys']);
    const otherToken = (other.json as { v2_token: string }).v2_token;
    const set = await adminHere(['set-limits', 'demo-keys', '--requests-per-minute', '5']);
    expect(set.json).toEqual({ requests_per_minute: 5 });
    // Within a moment: this server reads an entity's limits again after 0.2 s (LIMITS_CACHE_MS).
    let remaining = -1;
    const applied = await eventually(async () => {
      const answer = await call('GET', '/api/v2/opening-hours', server.v2);
      const match = /r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '');
      remaining = match ? Number(match[1]) : -1;
      return answer.headers.get('ratelimit-policy') === '"entity";q=5;w=60';
    }, 30_000);
    expect(applied).toBe(true);
    // Spend what is left of the window; then one more is refused.
    const first = await call('GET', '/api/v2/opening-hours', server.v2);
    remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1]);
    const statuses: number[] = [];
    for (let i = 0; i < remaining; i++)
      statuses.push((await call('GET', '/api/v2/opening-hours', server.v2)).status);
    expect(statuses).toEqual(Array(remaining).fill(200));
    const refused = await call('GET', '/api/v2/opening-hours', server.v2);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(`too many requests, retry in ${refused.headers.get('retry-after')} s`);
    expect(refused.headers.get('ratelimit')).toBe('"entity";r=0;t=59');
    expect((await call('GET', '/api/v2/opening-hours', otherToken)).status).toBe(200);
    expect((await adminHere(['set-limits', 'demo-keys', '--requests-per-minute', '0'])).code).toBe(0);
    // Lifted within seconds too (this window's quota is spent: a 200 means the server read the change); the
    // next tests book as demo-keys and must not meet the old limit, however fast they come.
    const lifted = await eventually(
      async () => (await call('GET', '/api/v2/opening-hours', server.v2)).status === 200,
      30_000,
    );
    expect(lifted).toBe(true);
  });

  /** A request from a given loopback address (any of 127.0.0.0/8 is this machine): one visitor each. */
  const from = (ip: string, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
    new Promise<{ status: number; headers: Record<string, unknown>; json: any }>((done, fail) => {
      const url = new URL(path, server.url);
      const sent = body === undefined ? undefined : JSON.stringify(body);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          localAddress: ip,
          headers: { ...headers, ...(sent ? { 'content-length': Buffer.byteLength(sent) } : {}) },
        },
        (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          answer.on('end', () =>
            done({ status: answer.statusCode ?? 0, headers: answer.headers, json: JSON.parse(text) }),
          );
        },
      );
      request.on('error', fail);
      request.end(sent);
    });

  it('visitors from 10 addresses spend only the public quota; the business spends only its own', async () => {
    const created = await adminHere(['create-entity', 'salon-pub']);
    const { v1_token: v1, v2_token: v2 } = created.json as { v1_token: string; v2_token: string };
    const limits = ['--requests-per-minute', '6', '--public-requests-per-minute', '20'];
    const set = await adminHere(['set-limits', 'salon-pub', ...limits, '--visitor-requests-per-minute', '3']);
    expect(set.json).toMatchObject({
      requests_per_minute: 6,
      public_requests_per_minute: 20,
      visitor_requests_per_minute: 3,
    });
    // The business: its key (1), a v2 and a v1 read (2, 3).
    const key = (await call('POST', '/api/v2/keys', v2, { name: 'website', allowed_origins: [ORIGIN] })).json
      .data.key as string;
    expect((await call('GET', '/api/v2/opening-hours', v2)).status).toBe(200);
    expect((await call('GET', '/api/calendars', v1)).status).toBe(200);

    // Ten visitors, three requests each at once: 20 admitted (the public quota), at most 3 per address.
    const addresses = Array.from({ length: 10 }, (_, i) => `127.0.0.${10 + i}`);
    const asVisitor = { 'Access-Token': key, Origin: ORIGIN };
    const answers = await Promise.all(
      addresses.flatMap((ip) => [0, 1, 2].map(() => from(ip, 'GET', '/api/v2/opening-hours', asVisitor))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.headers['retry-after']).toBe('59');
      expect(refused.headers.ratelimit).toMatch(/^"(public|visitor)";r=0;t=59$/);
    }
    const admitted = answers.find((a) => a.status === 200);
    expect(admitted?.headers['ratelimit-policy']).toBe('"public";q=20;w=60, "visitor";q=3;w=60');
    const another = await from('127.0.0.99', 'GET', '/api/v2/opening-hours', asVisitor);
    expect(another.status).toBe(429);
    expect(another.headers.ratelimit).toBe('"public";r=0;t=59');

    // The business's v2 and v1 tokens are untouched by its visitors: their own 6, then 429.
    const own = [
      await call('GET', '/api/v2/opening-hours', v2),
      await call('GET', '/api/calendars', v1),
      await call('GET', '/api/v2/opening-hours', v2),
    ];
    expect(own.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(own[2]?.headers.get('ratelimit')).toBe('"entity";r=0;t=59');
    const over = await call('GET', '/api/v2/opening-hours', v2);
    expect(over.status).toBe(429);
    expect(over.headers.get('ratelimit')).toBe('"entity";r=0;t=59');
  });

  it('an Idempotency-Key is one visitor’s: the same key from another address books anew', async () => {
    const key = (await call('POST', '/api/v2/keys', server.v2, { name: 'site', allowed_origins: [ORIGIN] }))
      .json.data.key as string;
    // The first open day three weeks ahead (the demo entity opens Monday to Friday).
    let date = addDays(todayIn('Europe/Paris'), 21);
    let slots = await call('POST', '/api/v2/calendar-slots/generate', server.v2, {
      date,
      max_appointments: 5,
    });
    for (let i = 0; i < 7 && slots.status !== 200; i++) {
      date = addDays(date, 1);
      slots = await call('POST', '/api/v2/calendar-slots/generate', server.v2, { date, max_appointments: 5 });
    }
    const slot = slots.json.data[0];
    const headers = { 'Access-Token': key, Origin: ORIGIN, 'Idempotency-Key': 'basket-1' };
    const body = { client_name: 'Web Visitor', client_phone: '0611223355', slot_id: slot.id };
    const one = await from('127.0.0.31', 'POST', '/api/v2/appointments', headers, body);
    const two = await from('127.0.0.32', 'POST', '/api/v2/appointments', headers, body);
    const oneAgain = await from('127.0.0.31', 'POST', '/api/v2/appointments', headers, body);
    expect([one.status, two.status, oneAgain.status]).toEqual([200, 200, 200]);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(two.json.data.id).not.toBe(one.json.data.id);
    expect(oneAgain.headers['idempotent-replayed']).toBe('true');
    expect(oneAgain.json.data.id).toBe(one.json.data.id);
  });
});
