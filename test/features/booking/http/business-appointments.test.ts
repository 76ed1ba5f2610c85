import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { assertContract } from '../../../support/contract';
import { futureWorkingDate } from '../../../support/fixtures';
import { onFileTable, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 60, point 4, as the business does it through `npm start`: the v2 list of appointments by start with
 * its cursor, a move and a no-show through POST /api/v2/appointments/update, the no-show counted under its
 * own name by v1's statistics; a staff member signed in by the e-mailed link lists and changes only the
 * appointments of their own calendar (403 for the others).
 */
const ACCOUNT = 'demo-appointments';
const store = onFileTable();
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = Record<string, any>;

describe('the business lists and changes its appointments through npm start', () => {
  let server: Started;
  const outbox = mkdtempSync(join(tmpdir(), 'appointments-outbox-'));
  beforeAll(async () => {
    server = await startServer({ ...store, DEMO_ACCOUNT_ID: ACCOUNT, SMTP_URL: '', OUTBOX_DIR: outbox });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  /** A request with the v2 token, or as the console makes it (a session's cookie, its own Origin). */
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const url = path.startsWith('/api/') ? path : `/api/v2${path}`;
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(cookie
          ? { Cookie: cookie, Origin: server.url }
          : { 'Access-Token': url.startsWith('/api/v2') ? server.v2 : server.v1 }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assertContract(method, url, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    return { status: response.status, json: JSON.parse(text) as Json };
  };
  const data = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const answer = await call(method, path, body, cookie);
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json.data;
  };
  /** Signs in as a browser does: the link e-mailed to the outbox, then its session's cookie. */
  const signIn = async (address: string): Promise<string> => {
    const asked = await fetch(`${server.url}/api/v2/sessions`, {
      method: 'POST',
      body: JSON.stringify({ email: address, account: ACCOUNT }),
    });
    expect(asked.status).toBe(202);
    let link: string | undefined;
    for (const file of readdirSync(outbox).sort()) {
      const mail = await simpleParser(readFileSync(join(outbox, file)));
      if (JSON.stringify(mail.to).includes(address) && mail.subject === 'Your sign-in link')
        link = /\/console\/sign-in#(\S+)/.exec(mail.text ?? '')?.[1];
    }
    const verified = await fetch(`${server.url}/api/v2/sessions/verify`, {
      method: 'POST',
      body: JSON.stringify({ token: link }),
    });
    expect(verified.status).toBe(200);
    return (verified.headers.get('set-cookie') ?? '').split(';')[0] as string;
  };

  it('lists, pages, moves and marks a no-show; a staff member sees and changes only their calendar', async () => {
    const day = futureWorkingDate(30);
    const main = (await data('GET', '/calendars'))[0].id as number;
    const bruno = (await data('POST', '/calendars', { name: 'Bruno' })).id as number;
    const slots: Record<number, Json[]> = {};
    for (const calendar of [main, bruno])
      slots[calendar] = await data('POST', '/calendar-slots/generate', {
        date: day,
        calendar_id: calendar,
        max_appointments: 1,
      });
    const book = async (calendar: number, i: number) =>
      (
        await data('POST', '/appointments', {
          client_name: `Client ${calendar}-${i}`,
          client_phone: `06${String(33_000_000 + calendar * 10 + i).padStart(8, '0')}`,
          slot_id: slots[calendar]?.[i]?.id,
        })
      ).id as number;
    const ours = [await book(main, 0), await book(main, 1), await book(bruno, 0), await book(bruno, 1)];

    // By start, two a page: the cursor gives the rest, then none.
    const first = await data('GET', `/appointments?from=${day}&to=${day}&limit=2`);
    const second = await data(
      'GET',
      `/appointments?from=${day}&to=${day}&limit=2&cursor=${first.next_cursor}`,
    );
    expect(second.next_cursor).toBeNull();
    const listed = [...first.appointments, ...second.appointments];
    expect(listed.map((a: Json) => a.start_time)).toEqual([...listed.map((a: Json) => a.start_time)].sort());
    expect(listed.map((a: Json) => a.id).sort()).toEqual([...ours].sort());

    // The business moves one and marks another a no-show; v1 counts the no-show under its own name.
    const moved = await data('POST', '/appointments/update', {
      appointment_id: ours[0],
      slot_id: slots[main]?.[2]?.id,
    });
    expect(moved).toMatchObject({
      id: ours[0],
      start_time: slots[main]?.[2]?.start_time,
      status: 'confirmed',
    });
    const noShow = await data('POST', '/appointments/update', { appointment_id: ours[1], status: 'no_show' });
    expect(noShow.status).toBe('no_show');
    const stats = await data('GET', `/api/statistics/appointments?period=specific_day&date=${day}`);
    expect(stats.summary).toMatchObject({ total_appointments: 4, no_show_appointments: 1 });
    expect(stats.daily_breakdown[0]).toMatchObject({ date: day, no_show_count: 1 });
    const v1 = await data('GET', `/api/appointments?status=no_show&date_from=${day}&date_to=${day}`);
    expect(v1.map((a: Json) => a.appointment_id)).toEqual([ours[1]]);

    // A staff member given Bruno's calendar, signed in by the e-mailed link.
    await data('POST', '/staff', { email: 'bruno@salon.example', role: 'staff', calendar_ids: [bruno] });
    const cookie = await signIn('bruno@salon.example');
    const theirs = await data('GET', `/appointments?from=${day}&to=${day}`, undefined, cookie);
    expect(theirs.appointments.map((a: Json) => a.id)).toEqual([ours[2], ours[3]]);
    const refused = await call(
      'GET',
      `/appointments?from=${day}&to=${day}&calendar_id=${main}`,
      undefined,
      cookie,
    );
    expect([refused.status, refused.json.code]).toEqual([403, 'FORBIDDEN']);
    const notTheirs = await call(
      'POST',
      '/appointments/update',
      { appointment_id: ours[0], status: 'cancelled' },
      undefined,
    );
    expect(notTheirs.status).toBe(200); // the token may; the staff member may not:
    const staffOnMain = await call(
      'POST',
      '/appointments/update',
      { appointment_id: ours[1], status: 'completed' },
      cookie,
    );
    expect([staffOnMain.status, staffOnMain.json.code]).toEqual([403, 'FORBIDDEN']);
    const toMain = await call(
      'POST',
      '/appointments/update',
      { appointment_id: ours[2], slot_id: slots[main]?.[3]?.id },
      cookie,
    );
    expect([toMain.status, toMain.json.code]).toEqual([403, 'FORBIDDEN']);
    const marked = await data(
      'POST',
      '/appointments/update',
      { appointment_id: ours[3], status: 'no_show' },
      cookie,
    );
    expect(marked).toMatchObject({ id: ours[3], status: 'no_show', calendar_id: bruno });
    const after = await data('GET', `/appointments?from=${day}&to=${day}&status=no_show`);
    expect(after.appointments.map((a: Json) => a.id).sort()).toEqual([ours[1], ours[3]].sort());
  });
});
