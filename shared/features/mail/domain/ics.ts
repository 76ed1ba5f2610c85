import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { startInstant } from '../../schedule';

/** Calendar files (RFC 5545) made with ical-generator: the e-mails' attachment and the staff feed. */
const PROD_ID = { company: 'booking-api', product: 'appointments', language: 'EN' };

export interface CalendarEntry {
  uid: string;
  sequence: number;
  date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  summary: string;
  description: string;
  cancelled: boolean;
  /** When the entry last changed (DTSTAMP). */
  stamp: Date;
  /** Where it takes place (LOCATION): the business's address. */
  location?: string | null | undefined;
  /** Who comes (ATTENDEE): the client, when an e-mail address is known. */
  attendee?: { name: string; email: string } | null | undefined;
}

/**
 * Every content line ends with CRLF, the last one too (RFC 5545 §3.1): ical-generator joins lines with
 * CRLF but ends the file without one, and a line break inside a value is already escaped (`\n`).
 */
const withCrlf = (text: string): string => `${text.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '')}\r\n`;

/**
 * A parameter value (a CN) as RFC 6868 writes what a quoted parameter cannot hold: `^` as `^^`, a line
 * break as `^n`, `"` as `^'`. ical-generator escapes `"` as `\"`, which RFC 5545 does not know: the quote
 * would end the value, and what follows it in a name would be read as parameters (a forged address).
 */
export const paramText = (text: string): string =>
  text.replace(/\^|\r\n|\n|\r|"/g, (found) => (found === '^' ? '^^' : found === '"' ? "^'" : '^n'));

const eventOf = (e: CalendarEntry, organizer?: { name: string; email: string }) => ({
  id: e.uid,
  sequence: e.sequence,
  // Instants, written in UTC: every client places them in its own zone.
  start: startInstant(e.date, e.start_time, e.timezone),
  end: startInstant(e.date, e.end_time, e.timezone),
  stamp: e.stamp,
  summary: e.summary,
  description: e.description,
  status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  ...(e.location ? { location: e.location } : {}),
  ...(organizer ? { organizer: { ...organizer, name: paramText(organizer.name) } } : {}),
  ...(e.attendee
    ? {
        attendees: [
          {
            name: paramText(e.attendee.name || e.attendee.email),
            email: e.attendee.email,
            role: ICalAttendeeRole.REQ,
            // The client booked it: nothing to answer (a cancellation says so by its STATUS).
            status: ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ],
      }
    : {}),
});

/**
 * The appointment.ics of an e-mail: one VEVENT, METHOD:REQUEST (created, moved, changed) or
 * METHOD:CANCEL with STATUS:CANCELLED. The organizer is the entity, as iTIP asks of a REQUEST.
 */
export function appointmentIcs(entry: CalendarEntry, organizer: { name: string; email: string }): string {
  return withCrlf(
    ical({
      prodId: PROD_ID,
      method: entry.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
      events: [eventOf(entry, organizer)],
    }).toString(),
  );
}

/** The staff feed: a published calendar of entries (no METHOD beyond PUBLISH). */
export function feedIcs(name: string, entries: readonly CalendarEntry[]): string {
  return withCrlf(
    ical({
      prodId: PROD_ID,
      name,
      method: ICalCalendarMethod.PUBLISH,
      ttl: 15 * 60,
      events: entries.map((entry) => eventOf(entry)),
    }).toString(),
  );
}
