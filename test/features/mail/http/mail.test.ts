/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { futureWeekday } from '../../../support/fixtures';
import { calendarOf, parseCalendar, smtpReceiver, until } from '../../../support/mail';
import { onSharedEngine, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * The client e-mails as a user sees them: `npm start` with SMTP_URL pointed at an SMTP catcher, and without
 * it, the outbox folder listed at GET /_outbox; the staff feed's address answered by the same server.
 */
const call = async (server: Started, method: string, path: string, body?: unknown) => {
  const answer = await fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: { 'Access-Token': server.v2 },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return { status: answer.status, json: (await answer.json()) as { data: any } };
};

async function bookWithEmail(server: Started, email: string) {
  // The demo entity's hours (npm start) close at weekends: a Monday to Friday, whatever day this runs on.
  const date = futureWeekday(21);
  const slots = await call(server, 'POST', '/calendar-slots/generate', { date });
  expect(slots.status).toBe(200);
  const booked = await call(server, 'POST', '/appointments', {
    client_name: 'Jeanne Durand',
    client_phone: '06 12 34 56 78',
    client_email: email,
    slot_id: slots.json.data[0].id,
  });
  expect(booked.status).toBe(200);
  return booked.json.data as { id: number };
}

describe('npm start with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
  let server: Started;
  beforeAll(async () => {
    smtp = await smtpReceiver();
    server = await startServer({
      ...onSharedEngine('smtp'),
      DEMO_ACCOUNT_ID: 'mail-smtp',
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    await smtp.close();
  });

  it('sends the confirmation to the SMTP server, with its calendar file, and logs one line without the address', async () => {
    expect(server.output()).toContain('mail: client e-mails go to the SMTP server of SMTP_URL');
    const email = 'jeanne.smtp@example.com';
    const { id } = await bookWithEmail(server, email);
    const mail = await until('the confirmation', () => smtp.to(email)[0]);
    expect(mail.subject).toBe('Your appointment with Demo entity is confirmed');
    expect(calendarOf(mail).method).toBe('REQUEST');
    // Without cancel_url or PUBLIC_BASE_URL, the manage link points at this server's own page.
    expect(mail.text).toMatch(
      new RegExp(`${server.url}/manage#ct_[A-Za-z0-9_-]+\\.[0-9]+\\.[A-Za-z0-9_-]{43}\\n`),
    );
    expect(calendarOf(mail).text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    await until('its log line', () => server.output().includes(`mail sent: created of appointment ${id}`));
    expect(server.output()).not.toContain(email);
    expect(server.output()).not.toContain('Durand');
  });

  it('serves the staff feed at the address the v2 route gives', async () => {
    const feed = await call(server, 'POST', '/calendar-feed');
    expect(feed.status).toBe(200);
    const answer = await fetch(feed.json.data.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = parseCalendar(await answer.text()).events;
    expect(events.some((e) => e.description.includes('Jeanne Durand'))).toBe(true);
    expect(server.output()).not.toContain(new URL(feed.json.data.url).pathname);
  });
});

describe('npm start without SMTP_URL: the outbox', () => {
  let server: Started;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'outbox-'));
    server = await startServer({
      ...onSharedEngine('outbox'),
      DEMO_ACCOUNT_ID: 'mail-outbox',
      SMTP_URL: '',
      OUTBOX_DIR: folder,
    });
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes each e-mail as an .eml file, listed at GET /_outbox and served at /_outbox/<file>', async () => {
    expect(server.output()).toContain(`mail: client e-mails are written to ${folder}`);
    await bookWithEmail(server, 'jeanne.outbox@example.com');
    const listed = await until('the outbox listing', async () => {
      const answer = (await (await fetch(`${server.url}/_outbox`)).json()) as {
        messages: Array<{ file: string; subject: string }>;
      };
      return answer.messages.length > 0 ? answer.messages : null;
    });
    expect(listed[0]?.subject).toBe('Your appointment with Demo entity is confirmed');
    const eml = await fetch(`${server.url}/_outbox/${listed[0]?.file}`);
    expect(eml.status).toBe(200);
    const mail = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(mail.to && JSON.stringify(mail.to)).toContain('jeanne.outbox@example.com');
    expect(calendarOf(mail).events).toHaveLength(1);
    for (const path of ['/_outbox/..%2Fpackage.json', '/_outbox/nothing.eml']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });
});
