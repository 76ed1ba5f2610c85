import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP receiver on loopback: every message it accepts, parsed by mailparser. */
export async function smtpReceiver() {
  const got: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          got.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    got,
    /** The messages sent to one address. */
    to: (address: string) => got.filter((m) => JSON.stringify(m.to).includes(address)),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The calendar file of a message, parsed by ical.js: its METHOD and its events. */
export function calendarOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.filename === 'appointment.ics');
  if (!attachment) throw new Error('no appointment.ics');
  return parseCalendar(attachment.content.toString('utf8'), attachment.contentType);
}

export function parseCalendar(text: string, contentType = 'text/calendar') {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      status: vevent.getFirstPropertyValue('status'),
      dtstartText: vevent.getFirstProperty('dtstart')?.toICALString() ?? '',
    };
  });
  return { method: calendar.getFirstPropertyValue('method'), events, contentType, text };
}

/** Waits for a condition, polling, within a generous bound (never a speed assertion). */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 45_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
