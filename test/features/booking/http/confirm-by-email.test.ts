import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { until } from '../../../support/mail';
import { adminHere, onFileTable, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 58, point 2, confirm_by_email, through `npm start` (the outbox folder, the local timers of the
 * reminders): a publishable key's booking is pending and holds its place until the link of its e-mail
 * confirms it (POST /api/v2/appointments/confirm, as the manage page sends it), and is released by itself
 * when its hold is over (CONFIRM_HOLD_MS shortens the 30 minutes here): place free, a cancellation e-mail,
 * an appointment.cancelled event. The business's token books confirmed at once.
 */
const ORIGIN = 'https://www.example.fr';
const HOLD_MS = 8_000;
const store = onFileTable();

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Answer = { status: number; json: any };

describe('confirm_by_email through npm start (issue 58, point 2)', () => {
  let server: Started;
  let outbox: string;
  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'confirm-outbox-'));
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'confirm-demo',
      OUTBOX_DIR: outbox,
      CONFIRM_HOLD_MS: String(HOLD_MS),
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  });

  const call = async (token: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'Access-Token': token, Origin: ORIGIN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, json: await answer.json() };
  };

  /** Every e-mail of the outbox to one address, parsed. */
  const mailsTo = async (address: string): Promise<ParsedMail[]> => {
    const all = await Promise.all(
      readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => simpleParser(readFileSync(join(outbox, f)))),
    );
    return all.filter((m) => JSON.stringify(m.to).includes(address));
  };

  /** A new entity confirming by e-mail, its key, and 14 one-place slots two weeks ahead. */
  const business = async (account: string) => {
    const created = await adminHere(['create-entity', account]);
    const v2 = (created.json as { v2_token: string }).v2_token;
    const key = (await call(v2, 'POST', '/api/v2/keys', { name: 'site', allowed_origins: [ORIGIN] })).json
      .data.key as string;
    const hours = await call(v2, 'POST', '/api/v2/opening-hours/update', {
      day_of_week: 'mon',
      is_open: 1,
      start_time1: '08:00:00',
      end_time1: '22:00:00',
    });
    expect(hours.status).toBe(200);
    let date = addDays(todayIn('Europe/Paris'), 14);
    while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
    const made = await call(v2, 'POST', '/api/v2/calendar-slots/generate', { date, duration: 60 });
    expect(made.status).toBe(200);
    const settings = await call(v2, 'POST', '/api/v2/settings', {
      confirm_by_email: true,
      max_live_bookings_per_visitor: 0,
    });
    expect(settings.status).toBe(200);
    expect(settings.json.data.confirm_by_email).toBe(true);
    return { v2, key, slots: (made.json.data as Array<{ id: number }>).map((s) => s.id) };
  };
  const book = (token: string, slot: number | undefined, email: string, n: number) =>
    call(token, 'POST', '/api/v2/appointments', {
      client_name: 'Web Visitor',
      client_phone: `06 12 34 56 ${String(10 + n).padStart(2, '0')}`,
      client_email: email,
      slot_id: slot,
    });
  /** The appointment's status as the business lists it. */
  const statusOf = async (b: { v2: string }, id: number, date: string): Promise<string> => {
    const list = await call(b.v2, 'GET', `/api/v2/appointments?from=${date}&to=${date}`);
    expect(list.status).toBe(200);
    const found = (list.json.data.appointments as Array<{ id: number; status: string }>).find(
      (a) => a.id === id,
    );
    return found?.status ?? 'none';
  };
  /** The events of one appointment, by type. */
  const eventsOf = async (b: { v2: string }, id: number): Promise<string[]> => {
    const events = await call(b.v2, 'GET', '/api/v2/events?limit=100');
    expect(events.status).toBe(200);
    return (events.json.data as Array<{ type: string; data: { appointment: { appointment_id: number } } }>)
      .filter((e) => e.data.appointment.appointment_id === id)
      .map((e) => e.type);
  };
  /** Until the hold of a booking made at `madeAt` is over and its release had time to run. */
  const pastHold = (madeAt: number) =>
    until('the hold to be over', () => Date.now() >= madeAt + HOLD_MS + 3_000, 60_000);
  /** The token of the manage link in the booking's e-mail (`<base>/manage#<token>`). */
  const linkToken = (mail: ParsedMail): string => {
    const found = /\/manage#(ct_[A-Za-z0-9_-]+\.[0-9]+\.[A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    if (!found?.[1]) throw new Error('no manage link in the e-mail');
    return found[1];
  };

  it('setting: false by default, a boolean only', async () => {
    const created = await adminHere(['create-entity', 'confirm-setting']);
    const v2 = (created.json as { v2_token: string }).v2_token;
    expect((await call(v2, 'GET', '/api/v2/settings')).json.data.confirm_by_email).toBe(false);
    const refused = await call(v2, 'POST', '/api/v2/settings', { confirm_by_email: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^confirm_by_email: /);
  });

  it('a key booking is pending, holds its place, and the link of its e-mail confirms it; the token books confirmed', async () => {
    const b = await business('confirm-link');
    const madeAt = Date.now();
    const booked = await book(b.key, b.slots[0], 'pending.one@example.org', 1);
    expect(booked.status).toBe(200);
    expect(booked.json.data.status).toBe('pending');
    // The place is held: another booking of the one-place slot is refused.
    expect((await book(b.key, b.slots[0], 'other.one@example.org', 2)).status).toBe(409);
    const [mail] = await until('the booking e-mail', () =>
      mailsTo('pending.one@example.org').then((m) => (m.length > 0 ? m : null)),
    );
    expect(mail?.subject).toBe('Please confirm your appointment with confirm-link');
    expect(mail?.text).toContain('confirm it within 30 minutes by opening this link');
    const token = linkToken(mail as ParsedMail);
    // A GET of the manage page changes nothing; the page's POST confirms.
    expect((await fetch(`${server.url}/manage`)).status).toBe(200);
    const confirmed = await call(b.key, 'POST', '/api/v2/appointments/confirm', { cancel_token: token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.status).toBe('confirmed');
    // Again: answered as it is.
    const again = await call(b.key, 'POST', '/api/v2/appointments/confirm', { cancel_token: token });
    expect([again.status, again.json.data.status]).toEqual([200, 'confirmed']);
    // Past the hold, it stays confirmed: its release found it no longer pending.
    await pastHold(madeAt);
    expect(await statusOf(b, booked.json.data.id, booked.json.data.date)).toBe('confirmed');
    expect(await eventsOf(b, booked.json.data.id)).toEqual(['appointment.created', 'appointment.updated']);
    // The business's own token: confirmed at once.
    const own = await book(b.v2, b.slots[1], 'by.phone@example.org', 3);
    expect([own.status, own.json.data.status]).toEqual([200, 'confirmed']);
    // Unknown token 404, no body 400.
    expect(
      (await call(b.key, 'POST', '/api/v2/appointments/confirm', { cancel_token: 'x'.repeat(43) })).status,
    ).toBe(404);
    expect((await call(b.key, 'POST', '/api/v2/appointments/confirm', {})).status).toBe(400);
  }, 120_000);

  it('an unconfirmed booking is released by itself: place free, a cancellation e-mail, appointment.cancelled; its link is 409', async () => {
    const b = await business('confirm-release');
    const booked = await book(b.key, b.slots[2], 'never.confirms@example.org', 4);
    expect([booked.status, booked.json.data.status]).toEqual([200, 'pending']);
    const id = booked.json.data.id as number;
    const cancelled = await until(
      'the cancellation e-mail',
      async () =>
        (await mailsTo('never.confirms@example.org')).find((m) => /cancelled/.test(m.subject ?? '')),
      60_000,
    );
    expect(cancelled.subject).toBe('Your appointment with confirm-release is cancelled');
    await until('the appointment.cancelled event', async () => {
      const events = await call(b.v2, 'GET', '/api/v2/events?limit=100');
      return (
        events.json.data as Array<{ type: string; data: { appointment: { appointment_id: number } } }>
      ).some((e) => e.type === 'appointment.cancelled' && e.data.appointment.appointment_id === id);
    });
    // The place is free again.
    const next = await book(b.key, b.slots[2], 'someone.else@example.org', 5);
    expect([next.status, next.json.data.status]).toEqual([200, 'pending']);
    const late = await call(b.key, 'POST', '/api/v2/appointments/confirm', {
      cancel_token: booked.json.data.cancel_token,
    });
    expect([late.status, late.json.code]).toEqual([409, 'APPOINTMENT_CANCELLED']);
    expect(await statusOf(b, id, booked.json.data.date)).toBe('cancelled');
    expect(await eventsOf(b, id)).toEqual(['appointment.created', 'appointment.cancelled']);
  }, 120_000);

  it('confirmations racing the release: each booking ends one way, and its answer says which', async () => {
    const b = await business('confirm-race');
    const madeAt = Date.now();
    const made: Answer[] = [];
    for (let i = 0; i < 8; i++) made.push(await book(b.key, b.slots[3 + i], `race.${i}@example.org`, 10 + i));
    expect(made.map((a) => a.status)).toEqual(Array(8).fill(200));
    // Aimed around the releases' time (no timing is asserted: whichever wins, there is one outcome).
    await until('the hold to be nearly over', () => Date.now() >= madeAt + HOLD_MS - 500, 60_000);
    const answers = await Promise.all(
      made.map((m, i) =>
        new Promise<void>((done) => setTimeout(done, i * 150)).then(() =>
          call(b.key, 'POST', '/api/v2/appointments/confirm', { cancel_token: m.json.data.cancel_token }),
        ),
      ),
    );
    await pastHold(madeAt + 8 * 150);
    for (const [i, a] of answers.entries()) {
      const { id, date } = (made[i] as Answer).json.data as { id: number; date: string };
      expect([200, 409]).toContain(a.status);
      const won = a.status === 200;
      expect(await statusOf(b, id, date)).toBe(won ? 'confirmed' : 'cancelled');
      const events = await until(`the events of ${id}`, async () => {
        const types = await eventsOf(b, id);
        return types.length === 2 && types;
      });
      expect(events).toEqual(['appointment.created', won ? 'appointment.updated' : 'appointment.cancelled']);
      // A released place is free again; a confirmed one is still held.
      const again = await book(b.v2, b.slots[3 + i], `again.${i}@example.org`, 30 + i);
      expect(again.status).toBe(won ? 409 : 200);
    }
  }, 180_000);
});
