import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { adminHere, onFileTable, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 60, points 1 to 3, as a user does it: `npm start`, the admin CLI and the browser's requests. The
 * demo entity's owner signs in by the link e-mailed to the outbox, adds a staff member, who signs in too and
 * is kept to their calendars; sign-in requests are limited; a session's change needs the API's own Origin.
 */
const HOUR = 3_600_000;
/** The limits' windows see one fixed instant, the first second of an hour: no test straddles two windows. */
const FIXED_AT = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 1_000;
const ACCOUNT = 'demo-people';
const OWNER = 'owner@demo.localhost';
const store = onFileTable();
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = Record<string, any>;

describe('staff accounts and sessions through npm start', () => {
  let server: Started;
  const outbox = mkdtempSync(join(tmpdir(), 'people-outbox-'));
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: ACCOUNT,
      SMTP_URL: '',
      OUTBOX_DIR: outbox,
      LIMITS_CLOCK_MS: String(FIXED_AT),
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  /** A request as the console makes it: a session's cookie, the API's own Origin on changes. */
  const call = async (
    method: string,
    path: string,
    who: { token?: string; cookie?: string; origin?: string | null },
    body?: unknown,
  ) => {
    const origin = who.origin === undefined ? server.url : who.origin;
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: {
        ...(who.token ? { 'Access-Token': who.token } : {}),
        ...(who.cookie ? { Cookie: who.cookie } : {}),
        ...(origin && method !== 'GET' ? { Origin: origin } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
  };
  const token = () => ({ token: server.v2 });

  /** The sign-in links e-mailed to an address so far, read from the outbox's files. */
  const linksTo = async (address: string): Promise<string[]> => {
    const links: string[] = [];
    for (const file of readdirSync(outbox).sort()) {
      const mail = await simpleParser(readFileSync(join(outbox, file)));
      if (JSON.stringify(mail.to).includes(address) && mail.subject === 'Your sign-in link') {
        const link = /(\S+\/console\/sign-in#\S+)/.exec(mail.text ?? '')?.[1];
        if (link) links.push(link);
      }
    }
    return links;
  };

  /** Signs in as a browser does: asks for the link, opens the newest e-mailed one, keeps the cookie. */
  const signIn = async (address: string) => {
    const before = (await linksTo(address)).length;
    const asked = await call('POST', '/sessions', { origin: null }, { email: address, account: ACCOUNT });
    expect(asked.status).toBe(202);
    const links = await linksTo(address);
    expect(links).toHaveLength(before + 1);
    const link = links.at(-1) as string;
    const verified = await call('POST', '/sessions/verify', { origin: null }, { token: link.split('#')[1] });
    expect(verified.status).toBe(200);
    const setCookie = verified.headers.get('set-cookie') ?? '';
    return { link, verified, setCookie, cookie: setCookie.split(';')[0] as string };
  };

  it('npm start makes owner@demo.localhost the owner and prints the console', async () => {
    expect(server.output()).toContain(`console: ${server.url}/console`);
    const staff = await call('GET', '/staff', token());
    expect(staff.status).toBe(200);
    expect(staff.json.data).toEqual([
      expect.objectContaining({ email: OWNER, role: 'owner', calendar_ids: [] }),
    ]);
    // To the second, in UTC written +00:00 (docs/CONTRACT.md#time).
    const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
    expect(staff.json.data[0]).toMatchObject({
      created_at: expect.stringMatching(stamp),
      updated_at: expect.stringMatching(stamp),
    });
  });

  it('a link e-mailed to the owner opens a session once: the cookie, /me, sign-out', async () => {
    const { link, verified, setCookie, cookie } = await signIn(OWNER);
    expect(link.startsWith(`${server.url}/console/sign-in#`)).toBe(true);
    // http://127.0.0.1: no Secure and no __Host- prefix (those are https's).
    expect(setCookie).toMatch(
      /^session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=2592000$/,
    );
    expect(verified.json.data).toEqual({ email: OWNER, role: 'owner', account: ACCOUNT, calendar_ids: [] });
    // The answer carries a session and a person's address: no cache may keep it.
    expect(verified.headers.get('cache-control')).toBe('no-store');
    // Single use.
    const again = await call('POST', '/sessions/verify', { origin: null }, { token: link.split('#')[1] });
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('AUTH_INVALID');
    const me = await call('GET', '/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json.data).toEqual({ email: OWNER, role: 'owner', account: ACCOUNT, calendar_ids: [] });
    expect(me.json).toMatchObject({ success: true, message: 'signed in' });
    // Only hashes are kept: the token of the cookie is nowhere in the table's text.
    const signedOut = await call('POST', '/sessions/delete', { cookie }, {});
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^session=; .*Max-Age=0$/);
    expect((await call('GET', '/me', { cookie })).status).toBe(401);
  });

  // The owner's address signs in five times in this file: its sixth request would be the limit's (last test).
  it('an unknown address gets the same 202 and no e-mail; a bad body is 400', async () => {
    const unknown = await call(
      'POST',
      '/sessions',
      { origin: null },
      { email: 'who@nowhere.example', account: ACCOUNT },
    );
    const known = await call(
      'POST',
      '/sessions',
      { origin: null },
      { email: 'owner@elsewhere.example', account: 'no-such-account' },
    );
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(unknown.json).toEqual(known.json);
    expect(await linksTo('who@nowhere.example')).toEqual([]);
    const bad = await call('POST', '/sessions', { origin: null }, { email: 42 });
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
    expect((await call('POST', '/sessions/verify', { origin: null }, { token: 'x' })).status).toBe(400);
  });

  it("an owner's session manages staff from the API's origin only; a staff member keeps to their calendars", async () => {
    const owner = await signIn(OWNER);
    const calendars = await call('GET', '/calendars', token());
    const calendarId = calendars.json.data[0].id as number;
    const ana = { email: 'Ana@Salon.example', role: 'staff', calendar_ids: [calendarId] };
    // Cross-site: no Origin, or another one, is refused before anything is written.
    expect((await call('POST', '/staff', { cookie: owner.cookie, origin: null }, ana)).status).toBe(403);
    expect(
      (await call('POST', '/staff', { cookie: owner.cookie, origin: 'https://evil.example' }, ana)).status,
    ).toBe(403);
    const added = await call('POST', '/staff', { cookie: owner.cookie }, ana);
    expect(added.status).toBe(200);
    expect(added.json.data).toMatchObject({
      email: 'ana@salon.example',
      role: 'staff',
      calendar_ids: [calendarId],
    });
    expect((await call('POST', '/staff', token(), ana)).status).toBe(409);
    const noCalendar = await call('POST', '/staff', token(), {
      email: 'bo@salon.example',
      role: 'staff',
      calendar_ids: [],
    });
    expect(noCalendar.status).toBe(400);
    const unknownCalendar = await call('POST', '/staff', token(), {
      email: 'bo@salon.example',
      role: 'staff',
      calendar_ids: [987654],
    });
    expect(unknownCalendar.status).toBe(400);

    const staff = await signIn('ana@salon.example');
    const me = await call('GET', '/me', { cookie: staff.cookie });
    expect(me.json.data).toEqual({
      email: 'ana@salon.example',
      role: 'staff',
      account: ACCOUNT,
      calendar_ids: [calendarId],
    });
    for (const [method, path] of [
      ['GET', '/staff'],
      ['GET', '/keys'],
      ['GET', '/webhooks'],
      ['GET', '/settings'],
      ['POST', '/services'],
      ['GET', '/calendar-feed'],
    ] as const) {
      const refused = await call(method, path, { cookie: staff.cookie }, method === 'POST' ? {} : undefined);
      expect([path, refused.status, refused.json.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    // Made staff an owner, the same session may do an owner's work at once; removed, it ends.
    const promoted = await call(
      'POST',
      '/staff/update',
      { cookie: owner.cookie },
      { email: 'ana@salon.example', role: 'owner' },
    );
    expect(promoted.status).toBe(200);
    expect((await call('GET', '/staff', { cookie: staff.cookie })).status).toBe(200);
    expect((await call('POST', '/staff/delete', token(), { email: 'ana@salon.example' })).status).toBe(200);
    expect((await call('GET', '/me', { cookie: staff.cookie })).status).toBe(401);
    // The last owner stays.
    const last = await call('POST', '/staff/delete', token(), { email: OWNER });
    expect(last.status).toBe(409);
  });

  /** An open weekday ahead with slots generated on the calendar given (the default one without). */
  const openDay = async (calendarId?: number) => {
    let date = addDays(todayIn('Europe/Paris'), 7);
    for (let i = 0; i < 14; i++, date = addDays(date, 1)) {
      const body = { date, ...(calendarId ? { calendar_id: calendarId } : {}) };
      const generated = await call('POST', '/calendar-slots/generate', token(), body);
      if (generated.status === 200) return date;
    }
    throw new Error('no open day within two weeks');
  };
  const v1Appointment = async (id: number) => {
    const answer = await fetch(`${server.url}/api/appointments/${id}`, {
      headers: { 'Access-Token': server.v1 },
    });
    return ((await answer.json()) as Json).data as Json;
  };

  it('a staff session reads its own calendars only; every change records who made it (changed_by)', async () => {
    const owner = await signIn(OWNER);
    const mine = (await call('POST', '/calendars', token(), { name: 'Bruno' })).json.data.id as number;
    const other = (await call('GET', '/calendars', token())).json.data.find((c: Json) => c.id !== mine)
      .id as number;
    expect(
      (
        await call('POST', '/staff', token(), {
          email: 'bruno@salon.example',
          role: 'staff',
          calendar_ids: [mine],
        })
      ).status,
    ).toBe(200);
    const bruno = await signIn('bruno@salon.example');
    const day = await openDay(mine);
    const otherDay = await openDay();
    // A filter of another calendar is 403; no filter reads theirs, not the default calendar.
    const refused = await call('GET', `/calendar-slots?date=${day}&calendar_id=${other}`, {
      cookie: bruno.cookie,
    });
    expect([refused.status, refused.json.code]).toEqual([403, 'FORBIDDEN']);
    const own = await call('GET', `/calendar-slots?date=${day}`, { cookie: bruno.cookie });
    expect(own.status).toBe(200);
    const theirs = await call('GET', `/calendar-slots?date=${day}&calendar_id=${mine}`, token());
    expect(own.json.data.map((slot: Json) => slot.id)).toEqual(theirs.json.data.map((slot: Json) => slot.id));
    expect(own.json.data.length).toBeGreaterThan(0);
    // A staff member's session may not book through the token's routes it was not given.
    expect(
      (await call('POST', '/calendar-slots/generate', { cookie: bruno.cookie }, { date: day })).status,
    ).toBe(403);
    // A walk-in booked by the staff member's own session: in their calendar (changed_by: their address),
    // never in another's (403, nothing booked).
    const free = async (calendarId: number, date: string) =>
      (await call('GET', `/calendar-slots?date=${date}&available=true&calendar_id=${calendarId}`, token()))
        .json.data as Json[];
    const walkIn = { client_name: 'Walk In Bruno', client_phone: '0611223300' };
    const ownSlot = (await free(mine, day))[0]?.id as number;
    const byStaff = await call(
      'POST',
      '/appointments',
      { cookie: bruno.cookie },
      { ...walkIn, slot_id: ownSlot },
    );
    expect(byStaff.status).toBe(200);
    const walkInRecord = await v1Appointment(byStaff.json.data.id);
    expect([walkInRecord.calendar_id, walkInRecord.changed_by]).toEqual([mine, 'bruno@salon.example']);
    const otherSlots = await free(other, otherDay);
    const intoOther = await call(
      'POST',
      '/appointments',
      { cookie: bruno.cookie },
      { ...walkIn, slot_id: otherSlots[0]?.id, calendar_id: other },
    );
    expect([intoOther.status, intoOther.json.code]).toEqual([403, 'FORBIDDEN']);
    const bySlotOnly = await call(
      'POST',
      '/appointments',
      { cookie: bruno.cookie },
      { ...walkIn, slot_id: otherSlots[0]?.id },
    );
    expect([bySlotOnly.status, bySlotOnly.json.code]).toEqual([403, 'FORBIDDEN']);
    expect((await free(other, otherDay)).map((s) => s.id)).toEqual(otherSlots.map((s) => s.id));

    // Booked by an owner's session: changed_by is the owner's address; moved to cancelled by the v1 token: token.
    const slots = await call(
      'GET',
      `/calendar-slots?date=${day}&available=true&calendar_id=${mine}`,
      token(),
    );
    const booked = await call(
      'POST',
      '/appointments',
      { cookie: owner.cookie },
      {
        client_name: 'Walk In',
        client_phone: '0611223344',
        slot_id: slots.json.data[0].id,
      },
    );
    expect(booked.status).toBe(200);
    const id = booked.json.data.id as number;
    expect((await v1Appointment(id)).changed_by).toBe(OWNER);
    const cancelled = await fetch(`${server.url}/api/appointment/${id}`, {
      method: 'PUT',
      headers: { 'Access-Token': server.v1, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancelled.status).toBe(200);
    expect((await v1Appointment(id)).changed_by).toBe('token');
    // Booked with the secret token, then cancelled by the client's own link.
    const byToken = await call('POST', '/appointments', token(), {
      client_name: 'Phone Call',
      client_phone: '0611223355',
      slot_id: slots.json.data[1].id,
    });
    expect((await v1Appointment(byToken.json.data.id)).changed_by).toBe('token');
    const byLink = await call(
      'POST',
      '/appointments/cancel',
      { token: byToken.json.data.cancel_token },
      {
        cancel_token: byToken.json.data.cancel_token,
      },
    );
    expect(byLink.status).toBe(200);
    expect((await v1Appointment(byToken.json.data.id)).changed_by).toBe('client');
    // A publishable key's booking: key.
    const key = (
      await call('POST', '/keys', token(), { name: 'site', allowed_origins: ['https://www.example.fr'] })
    ).json.data.key;
    const byKey = await call(
      'POST',
      '/appointments',
      { token: key, origin: 'https://www.example.fr' },
      {
        client_name: 'Web Visitor',
        client_phone: '0611223366',
        slot_id: slots.json.data[2].id,
      },
    );
    expect(byKey.status).toBe(200);
    expect((await v1Appointment(byKey.json.data.id)).changed_by).toBe('key');
  });

  it("a staff session gives and removes time off in its own calendars only (403 for another's)", async () => {
    const mine = (await call('POST', '/calendars', token(), { name: 'Chloe' })).json.data.id as number;
    const other = (await call('GET', '/calendars', token())).json.data.find((c: Json) => c.id !== mine)
      .id as number;
    const added = await call('POST', '/staff', token(), {
      email: 'chloe@salon.example',
      role: 'staff',
      calendar_ids: [mine],
    });
    expect(added.status).toBe(200);
    const chloe = { cookie: (await signIn('chloe@salon.example')).cookie };
    const day = await openDay(mine);
    const own = await call('POST', '/time-off', chloe, {
      calendar_id: mine,
      date: day,
      start_time: '10:00',
      end_time: '11:00',
    });
    expect(own.status).toBe(200);
    const listed = await call('GET', `/time-off?calendar_id=${mine}`, chloe);
    expect(listed.json.data.map((o: Json) => o.id)).toEqual([own.json.data.id]);
    // Another's calendar: refused to give, to read and to remove (the owner's time off stays).
    const refused = await call('POST', '/time-off', chloe, { calendar_id: other, date: day });
    expect([refused.status, refused.json.code]).toEqual([403, 'FORBIDDEN']);
    expect((await call('GET', `/time-off?calendar_id=${other}`, chloe)).status).toBe(403);
    const byOwner = await call('POST', '/time-off', token(), { calendar_id: other, date: day });
    expect(byOwner.status).toBe(200);
    const notYours = await call('POST', '/time-off/delete', chloe, { id: byOwner.json.data.id });
    expect([notYours.status, notYours.json.code]).toEqual([403, 'FORBIDDEN']);
    const kept = await call('GET', `/time-off?calendar_id=${other}`, token());
    expect(kept.json.data.map((o: Json) => o.id)).toContain(byOwner.json.data.id);
    expect((await call('POST', '/time-off/delete', chloe, { id: own.json.data.id })).status).toBe(200);
    expect((await call('POST', '/time-off/delete', token(), { id: byOwner.json.data.id })).status).toBe(200);
  });

  it("an owner's session books as the business: a known client takes its names; a key's booking leaves them", async () => {
    // Another owner (the demo owner's sign-ins are counted by the limits' test below).
    const made = await call('POST', '/staff', token(), { email: 'manager@salon.example', role: 'owner' });
    expect(made.status).toBe(200);
    const owner = await signIn('manager@salon.example');
    const day = await openDay();
    const slots = (await call('GET', `/calendar-slots?date=${day}&available=true`, token())).json
      .data as Json[];
    const phone = '0611224400';
    const book = async (who: Parameters<typeof call>[2], client_name: string, slot: Json | undefined) => {
      const answer = await call('POST', '/appointments', who, {
        client_name,
        client_phone: phone,
        slot_id: slot?.id,
      });
      expect(answer.status).toBe(200);
      return answer.json.data as Json;
    };
    const v1 = async (path: string) =>
      (
        (await (
          await fetch(`${server.url}/api${path}`, { headers: { 'Access-Token': server.v1 } })
        ).json()) as Json
      ).data;
    const clientId = (await book(token(), 'Carla Rossi', slots[0])).client_id as number;
    await book({ cookie: owner.cookie }, 'Carla Bianchi', slots[1]);
    expect(await v1(`/clients/${clientId}`)).toMatchObject({
      client_firstname: 'Carla',
      client_lastname: 'Bianchi',
    });
    expect((await v1('/clients?search=bianchi')).map((c: Json) => c.client_id)).toEqual([clientId]);
    expect((await v1('/clients?search=rossi')).map((c: Json) => c.client_id)).toEqual([]);
    const key = (
      await call('POST', '/keys', token(), { name: 'names', allowed_origins: ['https://www.example.fr'] })
    ).json.data.key;
    await book({ token: key, origin: 'https://www.example.fr' }, 'Mallory Nero', slots[2]);
    expect(await v1(`/clients/${clientId}`)).toMatchObject({
      client_firstname: 'Carla',
      client_lastname: 'Bianchi',
    });
    expect((await v1('/clients?search=nero')).map((c: Json) => c.client_id)).toEqual([]);
  });

  it('signing out everywhere ends every session of the person', async () => {
    const first = await signIn(OWNER);
    const second = await signIn(OWNER);
    expect((await call('GET', '/me', { cookie: first.cookie })).status).toBe(200);
    const out = await call('POST', '/sessions/delete', { cookie: second.cookie }, { everywhere: true });
    expect(out.status).toBe(200);
    expect((await call('GET', '/me', { cookie: first.cookie })).status).toBe(401);
    expect((await call('GET', '/me', { cookie: second.cookie })).status).toBe(401);
    // A token is no person.
    expect((await call('GET', '/me', token())).status).toBe(403);
  });

  it('the admin CLI adds staff: add-staff <account> <email> --role staff --calendar <id>', async () => {
    const calendars = await call('GET', '/calendars', token());
    const calendarId = String(calendars.json.data[0].id);
    const run = await adminHere([
      'add-staff',
      ACCOUNT,
      'cli@salon.example',
      '--role',
      'staff',
      '--calendar',
      calendarId,
    ]);
    expect([run.code, run.json]).toEqual([
      0,
      expect.objectContaining({ email: 'cli@salon.example', role: 'staff' }),
    ]);
    const listed = await call('GET', '/staff', token());
    expect(listed.json.data).toContainEqual(
      expect.objectContaining({
        email: 'cli@salon.example',
        role: 'staff',
        calendar_ids: [Number(calendarId)],
      }),
    );
    expect((await adminHere(['add-staff', ACCOUNT, 'x@salon.example', '--role', 'boss'])).code).toBe(2);
  });

  it('sign-in requests are limited: 5 per address per 15 minutes, 20 per visitor per hour (429)', async () => {
    const ask = (email: string) => call('POST', '/sessions', { origin: null }, { email, account: ACCOUNT });
    for (let i = 0; i < 5; i++) expect((await ask('many@salon.example')).status).toBe(202);
    const sixth = await ask('MANY@salon.example');
    expect(sixth.status).toBe(429);
    expect(sixth.json.code).toBe('RATE_LIMITED');
    // The address's window of 15 minutes started a second before the fixed instant: 899 s to go.
    expect(sixth.headers.get('retry-after')).toBe('899');
    // This visitor (one address for the whole file) reaches 20 within the hour, whatever the addresses.
    let status = 202;
    let sent = 0;
    for (let i = 0; i < 25 && status === 202; i++, sent++) status = (await ask(`v${i}@salon.example`)).status;
    expect(status).toBe(429);
    expect(sent).toBeLessThanOrEqual(21);
  });
});
