import { getItem } from '../../../shared/db/items';
import * as keys from '../../../shared/db/keys';
import { keptDigestsOf } from '../../../shared/db/token-digests';
import { sha256Hex } from '../../../shared/features/access/domain/tokens';
import { reminderKey } from '../../../shared/features/mail/domain/notifications';
import { startInstant } from '../../../shared/features/schedule/domain/slot-times';
import { type LocalEvents, startLocalEvents } from '../../../shared/local/pipelines/local-events';
import { SmtpTransport } from '../../../shared/local/pipelines/local-mail';
import { TimerQueue } from '../../../shared/local/pipelines/timer-queue';
import { mailPipeline, table } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { partition } from '../../support/invariants';
import { calendarOf, smtpReceiver, until } from '../../support/mail';
import { withStream } from '../../support/table-stream';

type Entity = Awaited<ReturnType<typeof newEntity>>;
const ZONE = 'Europe/Paris';
const CANCEL_URL = 'https://www.example.fr/cancel?token={cancel_token}';
/** The stage's public base URL of these tests: the manage page's links start with it. */
const PUBLIC_BASE = 'https://api.booking.test';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let events: LocalEvents;
const lines: string[] = [];
/** The clock of the reminders: tests move it instead of waiting a day. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });
const v1Put = (entity: Entity, id: number, body: unknown) =>
  viaHandler('PUT', `/api/appointment/${id}`, { headers: entity.v1, body });

let counter = 0;
const address = () => `client-${Date.now()}-${++counter}@example.com`;

async function slotsOf(entity: Entity, date: string, places = 1) {
  const generated = await v2(entity, 'POST', '/calendar-slots/generate', { date, max_appointments: places });
  expect(generated.status).toBe(200);
  return generated.json.data as Array<{ id: number; start_time: string; end_time: string }>;
}

async function book(entity: Entity, slotId: number, email: string | null, index = counter) {
  return v2(entity, 'POST', '/appointments', {
    client_name: 'Jeanne Durand',
    client_phone: mobile(index),
    ...(email ? { client_email: email } : {}),
    slot_id: slotId,
  });
}

beforeAll(async () => {
  smtp = await smtpReceiver();
  await withStream();
  events = startLocalEvents({
    retryScale: 0.002,
    log: (line) => lines.push(line),
    mail: { transport: new SmtpTransport(smtp.url), now, publicBaseUrl: PUBLIC_BASE },
  });
});
afterAll(async () => {
  await events.stop();
  await smtp.close();
});
beforeEach(() => {
  offsetMs = 0;
});

describe('client e-mails with their calendar file', () => {
  it('confirms, tells of a move and of a cancellation: one UID, a growing SEQUENCE, REQUEST then CANCEL', async () => {
    const entity = await newEntity({
      hours: ALWAYS_OPEN,
      settings: { language: 'fr', cancel_url: CANCEL_URL },
    });
    const date = futureWorkingDate(30);
    const slots = await slotsOf(entity, date);
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    expect(booked.status).toBe(200);
    const { id, cancel_token: cancelToken } = booked.json.data as { id: number; cancel_token: string };

    // Created: French, the entity's name, the date and time in its zone, the cancellation link.
    const [created] = await until('the confirmation', () =>
      smtp.to(email).length >= 1 ? smtp.to(email) : null,
    );
    if (!created) throw new Error('no mail');
    const start = startInstant(date, '08:00:00', ZONE);
    const weekday = new Intl.DateTimeFormat('fr', { weekday: 'long', timeZone: ZONE }).format(start);
    expect(created.subject).toBe(`Votre rendez-vous avec ${entity.entity_account_id} est confirmé`);
    expect(created.from?.text).toContain('no-reply@booking.local');
    expect(created.text).toContain(weekday);
    expect(created.text).toContain('08:00');
    // The zone named for people (Intl's name in the e-mail's locale), not its IANA name.
    expect(created.text).toContain('(heure de Paris)');
    expect(created.text).toContain('Bonjour Jeanne Durand');
    const link = `https://www.example.fr/cancel?token=${encodeURIComponent(cancelToken)}`;
    expect(created.text).toContain(link);
    expect(created.html).toContain(`href="${link}"`);
    const first = calendarOf(created);
    expect(first.method).toBe('REQUEST');
    expect(first.events).toHaveLength(1);
    expect(first.events[0]).toMatchObject({
      sequence: 0,
      start: start.toISOString(),
      end: startInstant(date, '08:30:00', ZONE).toISOString(),
      status: 'CONFIRMED',
    });
    expect(first.events[0]?.dtstartText).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(first.text).toMatch(/ORGANIZER;CN="?[^:]+"?:mailto:no-reply@booking\.local/);
    expect(created.text).toContain('Le fichier appointment.ics joint l’ajoute à votre agenda.');
    // The cancel token leaves the appointment once the confirmation is out: only its hash stays.
    await until('the token forgotten', async () => {
      const item = await getItem(table(), keys.appointment(entity.entity_account_id, id));
      return item && item.mail_cancel_token === undefined;
    });

    // Moved (v1 PUT): same UID, SEQUENCE 1, the new time; a link again, with a token of its own (no plaintext
    // token was kept for it: only the new one's hash is stored, and it finds the appointment).
    expect((await v1Put(entity, id, { slot_id: slots[2]?.id })).status).toBe(200);
    const moved = await until('the move', () => smtp.to(email)[1]);
    expect(moved.subject).toBe(`Votre rendez-vous avec ${entity.entity_account_id} a changé`);
    expect(moved.text).toContain('09:00');
    expect(moved.text).toContain('le met à jour dans votre agenda');
    const movedToken = decodeURIComponent(
      /https:\/\/www\.example\.fr\/cancel\?token=(\S+)/.exec(moved.text ?? '')?.[1] ?? '',
    );
    // A token of its own, naming the appointment (docs/CONTRACT.md#cancel-tokens).
    expect(movedToken).toMatch(/^ct_[A-Za-z0-9_-]+\.[1-9][0-9]*\.[A-Za-z0-9_-]{43}$/);
    expect(movedToken).not.toBe(cancelToken);
    const stored = JSON.stringify(await partition(entity.entity_account_id));
    expect(stored).not.toContain(movedToken);
    // Only its digest is kept, on the appointment (besides the booking's own).
    const appointment = await getItem(table(), keys.appointment(entity.entity_account_id, id));
    expect(keptDigestsOf(appointment)).toContain(sha256Hex(movedToken));
    expect(stored).not.toContain('CANCEL#');
    const second = calendarOf(moved);
    expect(second.method).toBe('REQUEST');
    expect(second.events[0]).toMatchObject({
      uid: first.events[0]?.uid,
      sequence: 1,
      start: startInstant(date, '09:00:00', ZONE).toISOString(),
    });

    // Cancelled (v2 cancel) with the move's link: METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 2; the booking's
    // token then finds it cancelled.
    expect((await v2(entity, 'POST', '/appointments/cancel', { cancel_token: movedToken })).status).toBe(200);
    expect((await v2(entity, 'POST', '/appointments/cancel', { cancel_token: cancelToken })).status).toBe(
      409,
    );
    const cancelled = await until('the cancellation', () => smtp.to(email)[2]);
    expect(cancelled.subject).toBe(`Votre rendez-vous avec ${entity.entity_account_id} est annulé`);
    // The cancellation says what its file does, and links to nothing: there is nothing left to manage.
    expect(cancelled.text).toContain('Le fichier appointment.ics joint le retire de votre agenda.');
    expect(cancelled.text).not.toContain('ajoute');
    expect(cancelled.text).not.toContain('cancel?token=');
    const third = calendarOf(cancelled);
    expect(third.method).toBe('CANCEL');
    expect(third.events[0]).toMatchObject({ uid: first.events[0]?.uid, sequence: 2, status: 'CANCELLED' });
    expect(cancelled.attachments[0]?.contentType).toBe('text/calendar');
    expect(smtp.to(email)).toHaveLength(3);
  });

  it('writes English by default, linking to the manage page without cancel_url; a status change is told too', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const slots = await slotsOf(entity, futureWorkingDate(31));
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    const created = await until('the confirmation', () => smtp.to(email)[0]);
    expect(created.subject).toBe(`Your appointment with ${entity.entity_account_id} is confirmed`);
    // Without cancel_url the booking's token is not kept: the e-mail has a token of its own, in the fragment.
    const manage = new RegExp(
      `To see, change or cancel it, open this link: ${PUBLIC_BASE}/manage#(ct_[A-Za-z0-9_-]+\\.[0-9]+\\.[A-Za-z0-9_-]{43})`,
    );
    const token = manage.exec(created.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(token).not.toBe(booked.json.data.cancel_token);
    expect(created.html).toContain(`href="${PUBLIC_BASE}/manage#${token}"`);
    expect(JSON.stringify(await partition(entity.entity_account_id))).not.toContain(token);
    expect((await v1Put(entity, booked.json.data.id, { status: 'completed' })).status).toBe(200);
    const updated = await until('the status change', () => smtp.to(email)[1]);
    expect(updated.text).toContain('Status: completed');
    // Completed: nothing left to manage, no link.
    expect(updated.text).not.toContain('/manage#');
    // A v1 cancellation (PUT status cancelled) is a cancellation.
    expect((await v1Put(entity, booked.json.data.id, { status: 'cancelled' })).status).toBe(200);
    const cancelled = await until('the cancellation', () => smtp.to(email)[2]);
    expect(calendarOf(cancelled).method).toBe('CANCEL');
  });

  it('speaks for the business: its new name, its address, its locale; the client invited, the business the place', async () => {
    const entity = await newEntity({
      hours: ALWAYS_OPEN,
      settings: { timezone: 'Europe/London', country: 'GB' },
    });
    // The business renames itself and gives its address (v2 settings); its locale is derived: en + GB.
    const changed = await v2(entity, 'POST', '/settings', {
      name: 'Salon Léa',
      address: '12 High Street, Bath BA1 1AA',
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({
      name: 'Salon Léa',
      address: '12 High Street, Bath BA1 1AA',
      locale: null,
    });
    const date = futureWorkingDate(37);
    const slots = await slotsOf(entity, date);
    const email = address();
    const at = (time: string) => slots.find((s) => s.start_time.startsWith(time))?.id ?? 0;
    expect((await book(entity, at('14:00'), email)).status).toBe(200);
    const created = await until('the confirmation', () => smtp.to(email)[0]);
    expect(created.subject).toBe('Your appointment with Salon Léa is confirmed');
    // en-GB: the day before the month, a 24-hour clock (14:00 in London).
    const start = startInstant(date, '14:00:00', 'Europe/London');
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' }).format(start);
    expect(created.text).toContain(
      `${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}, 14:00 to 14:30 (London time)`,
    );
    expect(created.text?.trimEnd().endsWith('Salon Léa\n12 High Street, Bath BA1 1AA')).toBe(true);
    const invite = calendarOf(created);
    expect(invite.events[0]?.summary).toBe('Appointment – Salon Léa');
    const unfolded = invite.text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(
      new RegExp(`^ATTENDEE;[^\r\n]*:mailto:${email.replace(/[.]/g, '\\.')}\r$`, 'im'),
    );
    expect(unfolded).toContain('LOCATION:12 High Street\\, Bath BA1 1AA\r\n');
    expect(unfolded).toMatch(/ORGANIZER;CN="?Salon Léa"?:mailto:/);
    expect(invite.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(invite.text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    // A US locale, chosen: month first, a 12-hour clock.
    expect((await v2(entity, 'POST', '/settings', { locale: 'en-US' })).status).toBe(200);
    const other = address();
    expect((await book(entity, at('14:30'), other)).status).toBe(200);
    const us = await until('the second confirmation', () => smtp.to(other)[0]);
    expect(us.text).toContain(`${part({ month: 'long' })} ${part({ day: 'numeric' })}, `);
    expect(us.text).toContain('2:30 PM to 3:00 PM');
  });

  it('sends nothing for a refused booking, nor to an appointment without an address', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const slots = await slotsOf(entity, futureWorkingDate(32));
    const refusedTo = address();
    const taken = await book(entity, slots[0]?.id ?? 0, null, 900);
    expect(taken.status).toBe(200);
    const refused = await book(entity, slots[0]?.id ?? 0, refusedTo, 901);
    expect(refused.status).toBe(409);
    // The refused booking wrote nothing, so no event; the one without an address made an event, no e-mail.
    const sentinel = address();
    expect((await book(entity, slots[1]?.id ?? 0, sentinel, 902)).status).toBe(200);
    await until('the later booking mailed', () => smtp.to(sentinel)[0]);
    const feed = await v2(entity, 'GET', '/events');
    expect(feed.json.data).toHaveLength(2);
    await until('the mail queue idle', () => events.mailQueue.pending === 0);
    expect(smtp.to(refusedTo)).toEqual([]);
    expect(smtp.got.filter((m) => m.subject?.includes(entity.entity_account_id))).toHaveLength(1);
  });

  it('sends one e-mail for one change even when its job is handled twice', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const slots = await slotsOf(entity, futureWorkingDate(33));
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    await until('the confirmation', () => smtp.to(email)[0]);
    const feed = await v2(entity, 'GET', '/events');
    const queue = new TimerQueue<never>();
    const { sender } = mailPipeline({
      queue,
      reminders: { schedule: async () => undefined, cancel: async () => undefined },
      transport: new SmtpTransport(smtp.url),
    });
    const job = {
      entityId: entity.entity_account_id,
      kind: 'created' as const,
      key: feed.json.data[0].id as string,
      appointment: { ...booked.json.data, appointment_id: booked.json.data.id, client_email: email },
      sequence: 0,
      attempt: 1,
    };
    expect(await sender.handle(job)).toBe('duplicate');
    expect(smtp.to(email)).toHaveLength(1);
    await queue.stop();
  });

  it('never writes an address, a client name or a body in a log line', () => {
    const text = lines.join('\n');
    expect(lines.some((line) => line.startsWith('mail sent'))).toBe(true);
    expect(text).not.toMatch(/@example\.com/);
    expect(text).not.toContain('Jeanne');
    expect(text).not.toContain('Durand');
    expect(text).not.toContain('rendez-vous');
  });
});

describe('reminders (injected clock)', () => {
  const DAY_MS = 1440 * 60_000;
  const dueOf = (entity: Entity, id: number) => events.reminders.due.get(`${entity.entity_account_id}/${id}`);

  it('sends the reminder reminder_minutes_before the start', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(34);
    const slots = await slotsOf(entity, date);
    const start = startInstant(date, '08:00:00', ZONE).getTime();
    // The clock stands an hour before the reminder's time: it is armed, and nothing goes yet.
    offsetMs = start - DAY_MS - 3_600_000 - Date.now();
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    expect(booked.status).toBe(200);
    await until('the confirmation', () => smtp.to(email)[0]);
    expect(dueOf(entity, booked.json.data.id)).toBe(start - DAY_MS);
    const id = `${entity.entity_account_id}/${booked.json.data.id}`;
    expect(events.reminders.runDue()).not.toContain(id);
    // The clock moves past the reminder's time (earlier tests' reminders may be due by then too).
    offsetMs += 3_600_000;
    expect(events.reminders.runDue()).toContain(id);
    const reminder = await until('the reminder', () =>
      smtp.to(email).find((m) => m.subject?.startsWith('Reminder')),
    );
    expect(reminder.subject).toBe(`Reminder: your appointment with ${entity.entity_account_id}`);
    // The reminder links to the manage page too.
    expect(reminder.text).toMatch(new RegExp(`${PUBLIC_BASE}/manage#ct_[A-Za-z0-9_.-]+`));
    const ics = calendarOf(reminder);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events[0]?.start).toBe(new Date(start).toISOString());
    expect(smtp.to(email).map((m) => m.subject?.split(' ')[0])).toEqual(['Your', 'Reminder:']);
  });

  it('moves with the appointment, goes away with a cancellation, and is none inside the window', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN, settings: { reminder_minutes_before: 120 } });
    const date = futureWorkingDate(35);
    const slots = await slotsOf(entity, date);
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    const id = booked.json.data.id as number;
    await until('the confirmation', () => smtp.to(email)[0]);
    expect(dueOf(entity, id)).toBe(startInstant(date, '08:00:00', ZONE).getTime() - 120 * 60_000);

    expect((await v1Put(entity, id, { slot_id: slots[4]?.id })).status).toBe(200);
    await until('the move', () => smtp.to(email)[1]);
    expect(dueOf(entity, id)).toBe(startInstant(date, '10:00:00', ZONE).getTime() - 120 * 60_000);

    expect((await v1Put(entity, id, { status: 'cancelled' })).status).toBe(200);
    await until('the cancellation', () => smtp.to(email)[2]);
    expect(dueOf(entity, id)).toBeUndefined();

    // Booked 119 minutes before its start (by the clock): inside the window, no reminder.
    const late = address();
    offsetMs = startInstant(date, '08:30:00', ZONE).getTime() - 119 * 60_000 - Date.now();
    const inside = await book(entity, slots[1]?.id ?? 0, late);
    await until('its confirmation', () => smtp.to(late)[0]);
    expect(dueOf(entity, inside.json.data.id)).toBeUndefined();
  });

  it('drops a reminder whose appointment was cancelled or moved meanwhile', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(36);
    const slots = await slotsOf(entity, date);
    const email = address();
    const booked = await book(entity, slots[0]?.id ?? 0, email);
    await until('the confirmation', () => smtp.to(email)[0]);
    const queue = new TimerQueue<never>();
    const { sender } = mailPipeline({
      queue,
      reminders: { schedule: async () => undefined, cancel: async () => undefined },
      transport: new SmtpTransport(smtp.url),
    });
    const appointment = { ...booked.json.data, appointment_id: booked.json.data.id, client_email: email };
    const job = {
      entityId: entity.entity_account_id,
      kind: 'reminder' as const,
      key: reminderKey(appointment),
      appointment,
      sequence: 0,
      attempt: 1,
    };
    // Moved since: the reminder of the old start does not go.
    expect((await v1Put(entity, booked.json.data.id, { slot_id: slots[1]?.id })).status).toBe(200);
    expect(await sender.handle(job)).toBe('dropped');
    expect((await v1Put(entity, booked.json.data.id, { status: 'cancelled' })).status).toBe(200);
    const moved = { ...appointment, start_time: slots[1]?.start_time, end_time: slots[1]?.end_time };
    expect(await sender.handle({ ...job, appointment: moved, key: reminderKey(moved) })).toBe('dropped');
    await queue.stop();
    expect(smtp.to(email).some((m) => m.subject?.startsWith('Reminder'))).toBe(false);
  });
});
