import { request as httpRequest } from 'node:http';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { adminHere, onFileTable, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 58, points 1 and 7, through `npm start` with ORIGIN_SECRET set, as a stage behind CloudFront: the
 * visitor is the viewer CloudFront names (`CloudFront-Viewer-Address`), one per IPv6 /64, whatever loopback
 * address the request comes from; a hosted-page key's own origin is the server's public base URL, never
 * Host; a key sees only active calendars; `/book/{key}` and feed reads are counted.
 */
const SECRET = 'the-edge-and-the-origin-share-this';
const ORIGIN = 'https://www.example.fr';
/** The limits' windows see one fixed instant (LIMITS_CLOCK_MS): every request here falls in one window. */
const HOUR = 3_600_000;
const FIXED_AT = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000;
const store = onFileTable();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
}

describe('behind the edge, through npm start with ORIGIN_SECRET (issue 58, points 1 and 7)', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'edge-demo',
      ORIGIN_SECRET: SECRET,
      LIMITS_CLOCK_MS: String(FIXED_AT),
      LIMITS_CACHE_MS: '0',
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  });

  /** A request from a loopback source address (any of 127.0.0.0/8), as CloudFront forwards it unless told. */
  const from = (
    ip: string,
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown; edge?: boolean; viewer?: string } = {},
  ) =>
    new Promise<Answer>((done, fail) => {
      const url = new URL(path, server.url);
      const sent = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string | number> = {
        ...(options.edge === false ? {} : { 'X-Origin-Verify': SECRET }),
        ...(options.viewer ? { 'CloudFront-Viewer-Address': options.viewer } : {}),
        ...options.headers,
        ...(sent ? { 'content-length': Buffer.byteLength(sent) } : {}),
      };
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          localAddress: ip,
          headers,
        },
        (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          answer.on('end', () => {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            done({ status: answer.statusCode ?? 0, headers: answer.headers, text, json });
          });
        },
      );
      request.on('error', fail);
      request.end(sent);
    });

  /** The business, with its secret token, through the edge. */
  const own = (token: string, method: string, path: string, body?: unknown) =>
    from('127.0.0.1', method, path, { headers: { 'Access-Token': token }, body });

  const newEntity = async (account: string, limits: string[] = []) => {
    const created = await adminHere(['create-entity', account]);
    const v2 = (created.json as { v2_token: string }).v2_token;
    if (limits.length > 0) expect((await adminHere(['set-limits', account, ...limits])).code).toBe(0);
    return v2;
  };
  const newKey = async (v2: string, extra: Record<string, unknown> = {}) => {
    const made = await own(v2, 'POST', '/api/v2/keys', { name: 'site', allowed_origins: [ORIGIN], ...extra });
    expect(made.status).toBe(200);
    return made.json.data.key as string;
  };
  /** Slots on the first open day two weeks ahead or later. */
  const openDay = async (v2: string, places = 3) => {
    let date = addDays(todayIn('Europe/Paris'), 14);
    for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
      const made = await own(v2, 'POST', '/api/v2/calendar-slots/generate', {
        date,
        max_appointments: places,
      });
      if (made.status === 200) return made.json.data as Array<{ id: number }>;
    }
    throw new Error('no open day');
  };

  it('point 1: the visitor is the viewer behind the edge, one per IPv6 /64, whatever the source address', async () => {
    const v2 = await newEntity('edge-visitors', ['--visitor-requests-per-minute', '2']);
    const key = await newKey(v2);
    const asKey = { 'Access-Token': key, Origin: ORIGIN };
    const read = (ip: string, viewer?: string, edge = true) =>
      from(ip, 'GET', '/api/v2/opening-hours', { headers: asKey, viewer, edge }).then((a) => a.status);

    // Without the secret nothing is answered, whatever the viewer header says.
    expect(await read('127.0.0.2', '198.51.100.7:1000', false)).toBe(403);
    // One viewer from three loopback addresses and ports: one visitor, 2 a minute.
    expect(await read('127.0.0.2', '198.51.100.7:1000')).toBe(200);
    expect(await read('127.0.0.3', '198.51.100.7:2000')).toBe(200);
    const third = await from('127.0.0.4', 'GET', '/api/v2/opening-hours', {
      headers: asKey,
      viewer: '198.51.100.7:3000',
    });
    expect(third.status).toBe(429);
    expect(third.headers.ratelimit).toMatch(/^"visitor";r=0;t=\d+$/);
    // Another viewer from the very same source address is another visitor.
    expect(await read('127.0.0.2', '198.51.100.8:1000')).toBe(200);
    // IPv6 (no brackets, the port after the last colon): one visitor per /64.
    expect(await read('127.0.0.5', '2001:db8:5:6::1:443')).toBe(200);
    expect(await read('127.0.0.6', '2001:db8:5:6:ffff:ffff:ffff:9:443')).toBe(200);
    expect(await read('127.0.0.7', '2001:db8:5:6::2:50000')).toBe(429);
    expect(await read('127.0.0.5', '2001:db8:5:7::1:443')).toBe(200);
  });

  it('point 1: an Idempotency-Key is one viewer’s, whichever edge address forwards it', async () => {
    const v2 = await newEntity('edge-idempotency');
    const key = await newKey(v2);
    const [slot] = await openDay(v2, 5);
    const headers = { 'Access-Token': key, Origin: ORIGIN, 'Idempotency-Key': 'basket-7' };
    const body = { client_name: 'Web Visitor', client_phone: '0611223355', slot_id: slot?.id };
    const book = (ip: string, viewer: string) =>
      from(ip, 'POST', '/api/v2/appointments', { headers, body, viewer });
    const first = await book('127.0.0.21', '203.0.113.5:4000');
    const again = await book('127.0.0.22', '203.0.113.5:4001');
    const other = await book('127.0.0.21', '203.0.113.6:4000');
    expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json.data.id).not.toBe(first.json.data.id);
  });

  it('point 7: a hosted-page key’s own origin is the public base URL, never Host', async () => {
    const v2 = await newEntity('edge-hosted');
    const key = await newKey(v2, { hosted_page: true });
    const business = (origin: string, host?: string) =>
      from('127.0.0.31', 'GET', '/api/v2/business', {
        headers: { 'Access-Token': key, Origin: origin, ...(host ? { Host: host } : {}) },
      }).then((a) => a.status);
    expect(await business(new URL(server.url).origin)).toBe(200);
    expect(await business(ORIGIN)).toBe(200);
    // A Host the caller chose names no origin of the API's.
    expect(await business('https://evil.example', 'evil.example')).toBe(403);
    expect(await business('http://evil.example:80', 'evil.example:80')).toBe(403);
  });

  it('point 7: a publishable key sees only active calendars (404), the business every one', async () => {
    const v2 = await newEntity('edge-calendars');
    const key = await newKey(v2);
    const made = await own(v2, 'POST', '/api/v2/calendars', { name: 'Away' });
    expect(made.status).toBe(200);
    const id = made.json.data.id as number;
    expect((await own(v2, 'POST', '/api/v2/calendars/update', { id, active: false })).status).toBe(200);
    const date = addDays(todayIn('Europe/Paris'), 14);
    const asKey = { 'Access-Token': key, Origin: ORIGIN };
    for (const path of [
      `/api/v2/calendar-slots?date=${date}&calendar_id=${id}`,
      `/api/v2/opening-hours?calendar_id=${id}`,
    ]) {
      const byKey = await from('127.0.0.41', 'GET', path, { headers: asKey });
      expect({ path, status: byKey.status, message: byKey.json.message }).toEqual({
        path,
        status: 404,
        message: expect.stringMatching(/calendar not found/),
      });
      expect((await own(v2, 'GET', path)).status).toBe(200);
    }
    const listed = await from('127.0.0.41', 'GET', '/api/v2/calendars', { headers: asKey });
    expect(listed.json.data.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('point 7: /book/{key} counts against its key’s visitor limit, per viewer (429 page with Retry-After)', async () => {
    const v2 = await newEntity('edge-book', ['--visitor-requests-per-minute', '3']);
    const key = await newKey(v2, { hosted_page: true });
    const page = (ip: string, viewer: string) => from(ip, 'GET', `/book/${key}`, { viewer });
    const statuses = [];
    for (const ip of ['127.0.0.51', '127.0.0.52', '127.0.0.53'])
      statuses.push((await page(ip, '198.51.100.50:1')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await page('127.0.0.54', '198.51.100.50:2');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(over.text).toContain('Too many requests');
    // The widget's own requests from that viewer are over the same limit; another viewer is not.
    const widget = await from('127.0.0.55', 'GET', '/api/v2/business', {
      headers: { 'Access-Token': key, Origin: new URL(server.url).origin },
      viewer: '198.51.100.50:3',
    });
    expect(widget.status).toBe(429);
    expect((await page('127.0.0.51', '198.51.100.51:1')).status).toBe(200);
  });

  it('point 7: a feed address is read 60 times a minute, then 429 with Retry-After; another feed is not', async () => {
    const v2 = await newEntity('edge-feed');
    const feed = await own(v2, 'POST', '/api/v2/calendar-feed', {});
    expect(feed.status).toBe(200);
    const path = new URL(feed.json.data.url as string).pathname;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await from(`127.0.0.${60 + (i % 5)}`, 'GET', path)).status);
    expect(statuses).toEqual(Array(60).fill(200));
    const over = await from('127.0.0.66', 'GET', path);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.text).toBe(`too many requests, retry in ${over.headers['retry-after']} s\n`);
    expect(over.headers['x-request-id']).toBeDefined();
    const otherV2 = await newEntity('edge-feed-other');
    const other = await own(otherV2, 'POST', '/api/v2/calendar-feed', {});
    expect((await from('127.0.0.66', 'GET', new URL(other.json.data.url as string).pathname)).status).toBe(
      200,
    );
  });

  it('point 7: allowed_origins refuses wildcards (400 naming the field)', async () => {
    const v2 = await newEntity('edge-origins');
    for (const origin of ['https://*.example.com', 'http://*', '*']) {
      const refused = await own(v2, 'POST', '/api/v2/keys', { name: 'w', allowed_origins: [origin] });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(/^allowed_origins: /);
    }
  });
});
