import { comparableEmail } from '../../../core/email-address';
import { sha256Hex } from '../../access';
import type { AppointmentRecord } from '../../booking';
import type { EventType } from '../../webhooks';

/** The client e-mails (docs/NOTIFICATIONS.md): one per change, and the reminder. */
export type MailKind = 'created' | 'updated' | 'cancelled' | 'reminder';

/** What an e-mail shows of its appointment, as it was after the change: these fields of the record. */
const MAIL_FIELDS = [
  'appointment_id',
  'calendar_id',
  'status',
  'date',
  'start_time',
  'end_time',
  'client_firstname',
  'client_lastname',
  'client_email',
  'client_phone',
  'updated_at',
  'service_name',
  'service_id',
] as const satisfies ReadonlyArray<keyof AppointmentRecord>;
export type MailAppointment = Pick<AppointmentRecord, (typeof MAIL_FIELDS)[number]>;

/** Whom a business notice goes to and what it says beyond the appointment (see MailJob.notice). */
export interface NoticeTarget {
  to: string;
  calendarId?: number;
  byClient: boolean;
  was?: Pick<MailAppointment, 'date' | 'start_time' | 'end_time' | 'calendar_id'>;
}

/** One e-mail to send: made from a committed change (or a reminder's schedule), queued, sent at least once. */
export interface MailJob {
  entityId: string;
  kind: MailKind;
  /** What makes it one e-mail: the change's event id, or the reminder's appointment and start. */
  key: string;
  appointment: MailAppointment;
  /** The calendar file's SEQUENCE. */
  sequence: number;
  /**
   * Creation only, when the booking kept a cancel token for the link: the sender reads the token from the
   * appointment when it sends (docs/NOTIFICATIONS.md). No job, queue message or dead letter holds it.
   */
  cancelLink?: true;
  /**
   * Caused by a publishable key or a cancel token, or of an appointment booked with a publishable key: at
   * most MAIL_CAP_PER_HOUR e-mails an hour to one address (docs/CONTRACT.md#mail-cap).
   */
  capped?: true;
  /**
   * A business notice (docs/NOTIFICATIONS.md#the-business-hears) rather than the client's e-mail: its one
   * address; `calendarId` for a staff member's (it carries the calendar file); who made the change; where a
   * moved appointment was.
   */
  notice?: NoticeTarget;
  /**
   * Not an e-mail: the release of a booking still pending confirmation when its hold is over
   * (docs/CONTRACT.md#confirm-by-email), scheduled and queued as a reminder is (kind `reminder`), and handed
   * to the booking feature instead of the sender.
   */
  release?: true;
  attempt: number;
  /** When a wait longer than the queue allows was cut short: not before this time (ms). */
  notBefore?: number;
}

const MAIL_KIND_OF: Record<EventType, MailKind> = {
  'appointment.created': 'created',
  'appointment.updated': 'updated',
  'appointment.cancelled': 'cancelled',
};

/** The e-mail an event makes, or null: no address, or a change the client is not told of. */
export function mailKindOf(type: EventType, after: AppointmentRecord): MailKind | null {
  if (!after.client_email) return null;
  // A v1 booking made already cancelled is an administrative record: nothing to confirm.
  if (type === 'appointment.created' && after.status === 'cancelled') return null;
  return MAIL_KIND_OF[type];
}

export const mailAppointmentOf = (a: AppointmentRecord): MailAppointment =>
  Object.fromEntries(MAIL_FIELDS.map((field) => [field, a[field]])) as MailAppointment;

/** The reminder's key: one reminder per appointment and start (a move makes another). */
export const reminderKey = (a: Pick<AppointmentRecord, 'appointment_id' | 'date' | 'start_time'>): string =>
  `rem_${a.appointment_id}_${a.date}T${a.start_time}`;

/**
 * When the reminder goes out (ms), or null: none set (0 minutes), or the start is already inside the
 * window (a booking made less than `minutes` before its start gets no reminder).
 */
export function reminderTime(startMs: number, minutes: number, nowMs: number): number | null {
  if (minutes <= 0) return null;
  const at = startMs - minutes * 60_000;
  return at > nowMs ? at : null;
}

/** A digest of the entity and appointment ids: names that stay the same and say nothing of the tenant. */
const appointmentDigest = (entityId: string, appointmentId: number): string =>
  sha256Hex(`${entityId}:${appointmentId}`);

/**
 * The calendar UID of an appointment: the same for its whole life, and saying nothing of the tenant (a
 * digest of the entity and appointment ids).
 */
export const calendarUid = (entityId: string, appointmentId: number): string =>
  `${appointmentDigest(entityId, appointmentId).slice(0, 32)}@booking-api`;

/**
 * A name for the reminder's schedule (EventBridge Scheduler: at most 64 of [0-9A-Za-z-_.]): one per
 * appointment, so a move replaces it and a cancellation deletes it.
 */
export const reminderName = (entityId: string, appointmentId: number, release?: boolean): string =>
  `${release ? 'release' : 'reminder'}-${appointmentDigest(entityId, appointmentId).slice(0, 40)}`;

/** The release's key: one per appointment. */
export const releaseKey = (appointmentId: number): string => `rel_${appointmentId}`;

/**
 * E-mails an hour to one address for one entity, for the e-mails a publishable key or a cancel token
 * causes, and those of appointments booked with a publishable key (docs/CONTRACT.md#mail-cap).
 */
export const MAIL_CAP_PER_HOUR = 5;
/** The address as the cap counts it (core/email-address.ts): `Jo+a@x.fr`, `jo+b@x.fr` and `JO@x.fr` are one. */
export const mailCapAddress = comparableEmail;
/** The fixed hour window a time (ms) falls in. */
export const mailCapWindow = (nowMs: number): number => nowMs - (nowMs % 3_600_000);
