import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, todayIn } from '../../shared/domain/dates';
import { eventually, javaFor, runAdmin, type Started, startServer, stopServer } from '../support/processes';

/**
 * Issue "open to the public, safely", as a user does it: `npm start` and the admin CLI alone. A publishable
 * key books from its origin and is refused elsewhere; a limit set by the CLI while the server runs answers
 * 429 at exactly its quota; the refused request changes nothing; another tenant is untouched.
 */
const ORIGIN = 'https://www.example.fr';
const folder = mkdtempSync(join(tmpdir(), 'booking-keys-'));

describe('publishable keys and limits through npm start and the admin CLI', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ LOCAL_DB: folder, DEMO_ACCOUNT_ID: 'demo-keys' });
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    expect(await eventually(() => javaFor(folder).length === 0)).toBe(true);
    rmSync(folder, { recursive: true, force: true });
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
    });
    expect(outside.status).toBe(403);
    expect((await call('GET', '/api/calendars', key)).status).toBe(401);

    const listed = await runAdmin(folder, ['list-keys', 'demo-keys']);
    expect(listed.json).toEqual([expect.objectContaining({ id: created.json.data.id, name: 'website' })]);
    expect((await runAdmin(folder, ['remove-key', 'demo-keys', created.json.data.id])).code).toBe(0);
    expect((await call('GET', '/api/v2/opening-hours', key, undefined, ORIGIN)).status).toBe(401);
  });

  it('a limit set while the server runs answers 429 at exactly its quota; another tenant is untouched', async () => {
    const other = await runAdmin(folder, ['create-entity', 'other-keys']);
    const otherToken = (other.json as { v2_token: string }).v2_token;
    const set = await runAdmin(folder, ['set-limits', 'demo-keys', '--requests-per-minute', '5']);
    expect(set.json).toEqual({ requests_per_minute: 5 });
    // Within seconds: the server reads an entity's limits at most every 5 s.
    let remaining = -1;
    const applied = await eventually(async () => {
      const answer = await call('GET', '/api/v2/opening-hours', server.v2);
      const match = /r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '');
      remaining = match ? Number(match[1]) : -1;
      return answer.headers.get('ratelimit-policy') === '"entity";q=5;w=60';
    }, 30_000);
    expect(applied).toBe(true);
    // Early in a one-minute window, spend what is left of it; then one more is refused.
    const second = new Date().getUTCSeconds();
    if (second > 40) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const first = await call('GET', '/api/v2/opening-hours', server.v2);
    remaining = Number(/r=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1]);
    const statuses: number[] = [];
    for (let i = 0; i < remaining; i++)
      statuses.push((await call('GET', '/api/v2/opening-hours', server.v2)).status);
    expect(statuses).toEqual(Array(remaining).fill(200));
    const refused = await call('GET', '/api/v2/opening-hours', server.v2);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(`too many requests, retry in ${refused.headers.get('retry-after')} s`);
    expect(refused.headers.get('ratelimit')).toMatch(/^"entity";r=0;t=\d+$/);
    expect((await call('GET', '/api/v2/opening-hours', otherToken)).status).toBe(200);
    expect((await runAdmin(folder, ['set-limits', 'demo-keys', '--requests-per-minute', '0'])).code).toBe(0);
  });
});
