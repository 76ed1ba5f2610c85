/**
 * The confirmation's "add to calendar" file (RFC 5545): one event at the booked instants, written in UTC so
 * that every calendar places it in its own zone, made in the browser from the booking's answer.
 */

/** The offset of `zone` from UTC at the instant `ms`, in milliseconds. */
function offsetAt(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms;
}

/** The instant a date and clock time of `zone` name (the later one of a repeated hour). */
export function instantOf(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const local = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  const first = local - offsetAt(zone, local);
  return new Date(local - offsetAt(zone, first));
}

const stamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string): string =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** A content line folded at 75 octets (a space starts each continuation), ended with CRLF. */
function folded(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (encoder.encode(current + char).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return `${out.join('\r\n ')}\r\n`;
}

export interface IcsEvent {
  uid: string;
  date: string;
  start_time: string;
  end_time: string;
  zone: string;
  summary: string;
  description: string;
}

/** The file: one VEVENT, METHOD:PUBLISH (nothing to answer), every line ended with CRLF. */
export function icsOf(e: IcsEvent): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//booking-api//widget//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(instantOf(e.date, e.start_time, e.zone))}`,
    `DTEND:${stamp(instantOf(e.date, e.end_time, e.zone))}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(folded)
    .join('');
}

/** The file as a link's address (a data: URL: no request, nothing stored). */
export const icsHref = (e: IcsEvent): string =>
  `data:text/calendar;charset=utf-8,${encodeURIComponent(icsOf(e))}`;

/**
 * The UID the business's e-mails give this appointment's calendar event (a digest of the entity and
 * appointment ids: docs/CONTRACT.md#notifications), so that a calendar holding both the widget's file and
 * the e-mail's invite keeps one event. The entity is read from the appointment's cancel token, which names
 * it (docs/CONTRACT.md#cancel-tokens); null when the token does not (an older token) or the page has no
 * Web Crypto (a non-secure http page): the caller then keeps a UID of its own.
 */
export async function emailUidOf(cancelToken: string, appointmentId: number): Promise<string | null> {
  const match = /^ct_([A-Za-z0-9_-]+)\.(\d+)\./.exec(cancelToken);
  if (!match || Number(match[2]) !== appointmentId || !globalThis.crypto?.subtle) return null;
  const base64 = (match[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  let entityId: string;
  try {
    entityId = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${entityId}:${appointmentId}`),
  );
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 32)}@booking-api`;
}
