import { MAIL_CAP_PER_HOUR } from '../../../shared/features/mail/domain/notifications';
import { type LocalEvents, startLocalEvents } from '../../../shared/local/pipelines/local-events';
import { SmtpTransport } from '../../../shared/local/pipelines/local-mail';
import { viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { smtpReceiver, until } from '../../support/mail';
import { withStream } from '../../support/table-stream';

/**
 * Issue 58, point 3: every e-mail a cancel token or a publishable key causes counts against the hourly cap
 * of one address, whoever booked (docs/CONTRACT.md#mail-cap), and the cap compares addresses lower-cased
 * and without a `+tag`. Through the handlers, the table's stream and the local mail pipeline.
 */
const ORIGIN = 'https://www.example.fr';

let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let events: LocalEvents;
const lines: string[] = [];

const v2 = (headers: Record<string, string>, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body !== undefined ? { body } : {}) });
/** The e-mails the cap skipped in this test, as the sender logs them (without the address). */
const skipped = () => lines.filter((l) => l.startsWith('mail skipped'));
/** Messages to any of these addresses, as the SMTP server received them. */
const received = (addresses: string[]) => addresses.flatMap((a) => smtp.to(a));

async function setUp(index: number) {
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const date = futureWorkingDate(30 + index);
  const generated = await v2(entity.v2, 'POST', '/calendar-slots/generate', { date, max_appointments: 1 });
  expect(generated.status).toBe(200);
  return { entity, slots: generated.json.data as Array<{ id: number }> };
}

async function book(headers: Record<string, string>, slotId: number, email: string, index: number) {
  const booked = await v2(headers, 'POST', '/appointments', {
    client_name: 'Jeanne Durand',
    client_phone: mobile(5800 + index),
    client_email: email,
    slot_id: slotId,
  });
  expect(booked.status).toBe(200);
  return booked.json.data as { id: number; cancel_token: string };
}

/** Moves an appointment with its cancel token alone (the manage page's credential). */
async function reschedule(cancelToken: string, slotId: number) {
  const moved = await v2({ 'Access-Token': cancelToken }, 'POST', '/appointments/reschedule', {
    cancel_token: cancelToken,
    slot_id: slotId,
  });
  expect(moved.status).toBe(200);
}

beforeAll(async () => {
  smtp = await smtpReceiver();
  await withStream();
  events = startLocalEvents({
    retryScale: 0.002,
    log: (line) => lines.push(line),
    mail: { transport: new SmtpTransport(smtp.url) },
  });
});
beforeEach(() => {
  lines.length = 0;
});
afterAll(async () => {
  await events.stop();
  await smtp.close();
});

describe('the hourly cap of e-mails to one address', () => {
  it('caps the e-mails of a secret-token booking moved 9 times with its cancel token', async () => {
    const { entity, slots } = await setUp(0);
    const email = `victim-${Date.now()}@example.com`;
    const booked = await book(entity.v2, slots[0]?.id ?? 0, email, 0);
    // The business's confirmation is not capped, nor counted.
    await until('the confirmation', () => (smtp.to(email).length >= 1 ? true : null));
    for (let i = 1; i <= 9; i++) await reschedule(booked.cancel_token, slots[i]?.id ?? 0);

    // The cancel token's 9 changes: the cap's 5 go, the other 4 are skipped and counted as capped.
    const over = 9 - MAIL_CAP_PER_HOUR;
    await until('the capped e-mails', () => (skipped().length >= over ? true : null));
    await until('the sent e-mails', () => (smtp.to(email).length >= 1 + MAIL_CAP_PER_HOUR ? true : null));
    await new Promise((done) => setTimeout(done, 500));
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1 + MAIL_CAP_PER_HOUR);
    expect(mails.filter((m) => /moved|changed|updated/i.test(m.subject ?? ''))).toHaveLength(
      MAIL_CAP_PER_HOUR,
    );
    expect(skipped()).toHaveLength(over);
    expect(lines.join('\n')).not.toContain(email);
  });

  it('counts victim+a@, victim+b@ and VICTIM@ as one address', async () => {
    const { entity, slots } = await setUp(1);
    const created = await v2(entity.v2, 'POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] });
    expect(created.status).toBe(200);
    const key = { 'Access-Token': created.json.data.key as string, Origin: ORIGIN };
    const local = `victim${Date.now()}`;
    const addresses = [
      `${local}+a@example.com`,
      `${local}+b@example.com`,
      `${local.toUpperCase()}@example.com`,
    ];
    // Three publishable-key bookings (three e-mails counted), then four moves by cancel token.
    const booked = [];
    for (let i = 0; i < 3; i++) booked.push(await book(key, slots[i]?.id ?? 0, addresses[i] ?? '', 10 + i));
    for (let i = 0; i < 4; i++) await reschedule(booked[i % 3]?.cancel_token ?? '', slots[3 + i]?.id ?? 0);

    await until('the capped e-mails', () => (skipped().length >= 2 ? true : null));
    await until('the sent e-mails', () => (received(addresses).length >= MAIL_CAP_PER_HOUR ? true : null));
    await new Promise((done) => setTimeout(done, 500));
    expect(received(addresses)).toHaveLength(MAIL_CAP_PER_HOUR);
    expect(skipped()).toHaveLength(7 - MAIL_CAP_PER_HOUR);
  });
});
