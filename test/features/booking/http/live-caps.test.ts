import { request as httpRequest } from 'node:http';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { adminHere, onFileTable, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 58, point 2, through `npm start` (no ORIGIN_SECRET: the source address is the visitor, and a
 * `CloudFront-Viewer-Address` header is ignored): one visitor and one client contact hold at most
 * `max_live_bookings_per_visitor` and `max_live_bookings_per_contact` future live bookings made with
 * publishable keys (defaults 3 and 3; 0 = no cap), counted exactly even when asked at once.
 */
const ORIGIN = 'https://www.example.fr';
const store = onFileTable();

interface Answer {
  status: number;
  retryAfter: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
}

describe('one person cannot fill a day, through npm start (issue 58, point 2)', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ ...store, DEMO_ACCOUNT_ID: 'caps-demo' });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  });

  const from = (ip: string, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<Answer>((done, fail) => {
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
            done({
              status: answer.statusCode ?? 0,
              retryAfter: Number(answer.headers['retry-after'] ?? 0),
              json: JSON.parse(text),
            }),
          );
        },
      );
      request.on('error', fail);
      request.end(sent);
    });
  const own = (v2: string, method: string, path: string, body?: unknown) =>
    from('127.0.0.1', method, path, { 'Access-Token': v2 }, body);

  /** A new entity, its key, and 14 one-place slots of its first open day two weeks ahead. */
  const business = async (account: string) => {
    const created = await adminHere(['create-entity', account]);
    const v2 = (created.json as { v2_token: string }).v2_token;
    const key = (await own(v2, 'POST', '/api/v2/keys', { name: 'site', allowed_origins: [ORIGIN] })).json.data
      .key as string;
    expect(
      (
        await own(v2, 'POST', '/api/v2/opening-hours/update', {
          day_of_week: 'mon',
          is_open: 1,
          start_time1: '08:00:00',
          end_time1: '22:00:00',
        })
      ).status,
    ).toBe(200);
    let date = addDays(todayIn('Europe/Paris'), 14);
    while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
    const made = await own(v2, 'POST', '/api/v2/calendar-slots/generate', { date, duration: 60 });
    expect(made.status).toBe(200);
    const slots = (made.json.data as Array<{ id: number }>).map((s) => s.id);
    expect(slots).toHaveLength(14);
    return { v2, key, slots };
  };
  const phone = (n: number) =>
    `06 12 34 ${String(10 + Math.floor(n / 100)).padStart(2, '0')} ${String(n % 100).padStart(2, '0')}`;
  const book = (
    b: { key: string },
    ip: string,
    slot: number | undefined,
    contact: { phone: string; email?: string },
    extra: Record<string, string> = {},
  ) =>
    from(
      ip,
      'POST',
      '/api/v2/appointments',
      { 'Access-Token': b.key, Origin: ORIGIN, ...extra },
      {
        client_name: 'Web Visitor',
        client_phone: contact.phone,
        ...(contact.email ? { client_email: contact.email } : {}),
        slot_id: slot,
      },
    );

  it('five loopback addresses with made-up phones book 3 each, then 429; the business is not capped', async () => {
    const b = await business('caps-visitors');
    const settings = await own(b.v2, 'GET', '/api/v2/settings');
    expect(settings.json.data).toMatchObject({
      max_live_bookings_per_visitor: 3,
      max_live_bookings_per_contact: 3,
    });
    const statuses: Record<string, number[]> = {};
    let n = 0;
    let slot = 0;
    const message =
      'too many bookings: at most 3 upcoming bookings from one visitor; cancel one or contact the business';
    // Five addresses, four tries each, on the day's first 13 slots (the last stays for the business).
    for (const ip of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      const mine: number[] = [];
      statuses[ip] = mine;
      for (let i = 0; i < 4 && slot < 13; i++) {
        const answer = await book(b, ip, b.slots[slot], { phone: phone(n++) });
        mine.push(answer.status);
        if (answer.status === 200) slot++;
        else {
          expect(answer.json.message).toBe(message);
          // Retry-After: until the soonest of the visitor's bookings starts (two weeks ahead or more).
          expect(answer.retryAfter).toBeGreaterThan(13 * 86_400);
        }
      }
      if (ip !== '127.0.0.2') continue;
      // Without the origin secret a viewer header is the caller's own word: ignored.
      const viewer = { 'CloudFront-Viewer-Address': '198.51.100.99:443' };
      const spoofed = await book(b, ip, b.slots[slot], { phone: phone(n++) }, viewer);
      expect([spoofed.status, spoofed.json.message]).toEqual([429, message]);
    }
    expect(statuses).toEqual({
      '127.0.0.2': [200, 200, 200, 429],
      '127.0.0.3': [200, 200, 200, 429],
      '127.0.0.4': [200, 200, 200, 429],
      '127.0.0.5': [200, 200, 200, 429],
      '127.0.0.6': [200],
    });
    // The business's own bookings are not capped.
    const mine = await own(b.v2, 'POST', '/api/v2/appointments', {
      client_name: 'By Phone',
      client_phone: phone(2),
      slot_id: b.slots[13],
    });
    expect(mine.status).toBe(200);
  });

  it('one contact (a phone, an e-mail lower-cased without its +tag) holds 3, from any address', async () => {
    const b = await business('caps-contacts');
    const samePhone = [];
    for (const [i, ip] of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14'].entries())
      samePhone.push((await book(b, ip, b.slots[i], { phone: '06 55 44 33 22' })).status);
    expect(samePhone).toEqual([200, 200, 200, 429]);
    const emails = [
      'victim+a@example.org',
      'victim+b@example.org',
      'VICTIM@example.org',
      'victim@Example.org',
    ];
    const sameEmail = [];
    for (const [i, email] of emails.entries())
      sameEmail.push(
        (await book(b, `127.0.0.${21 + i}`, b.slots[4 + i], { phone: phone(100 + i), email })).status,
      );
    expect(sameEmail).toEqual([200, 200, 200, 429]);
  });

  it('a cancelled booking frees its place in the cap; 0 is no cap', async () => {
    const b = await business('caps-cancel');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await book(b, '127.0.0.31', b.slots[i], { phone: phone(200 + i) }));
    expect(made.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await book(b, '127.0.0.31', b.slots[3], { phone: phone(203) })).status).toBe(429);
    const cancelled = await from(
      '127.0.0.31',
      'POST',
      '/api/v2/appointments/cancel',
      { 'Access-Token': b.key, Origin: ORIGIN },
      {
        cancel_token: made[0]?.json.data.cancel_token,
      },
    );
    expect(cancelled.status).toBe(200);
    expect((await book(b, '127.0.0.31', b.slots[3], { phone: phone(204) })).status).toBe(200);
    expect((await book(b, '127.0.0.31', b.slots[4], { phone: phone(205) })).status).toBe(429);
    const off = await own(b.v2, 'POST', '/api/v2/settings', { max_live_bookings_per_visitor: 0 });
    expect(off.status).toBe(200);
    expect(off.json.data.max_live_bookings_per_visitor).toBe(0);
    expect((await book(b, '127.0.0.31', b.slots[4], { phone: phone(206) })).status).toBe(200);
    const refused = await own(b.v2, 'POST', '/api/v2/settings', { max_live_bookings_per_contact: 101 });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^max_live_bookings_per_contact: /);
  });

  it('is exact at once: 10 bookings from one visitor sent together make 3', async () => {
    const b = await business('caps-race');
    const answers = await Promise.all(
      b.slots.slice(0, 10).map((slot, i) => book(b, '127.0.0.41', slot, { phone: phone(300 + i) })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });
});
