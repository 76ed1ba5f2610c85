/**
 * The ports of the client e-mails and the staff feed (docs/NOTIFICATIONS.md):
 * the mail queue, the sent-mail record, the reminder schedules, the transport and what they read.
 */
import type { AppointmentRecord } from '../booking';
import type { EntitySettings } from '../settings';
import type { MailJob } from './domain/notifications';

/** One message as every transport takes it. */
export interface MailMessage {
  from: string;
  to: string;
  /** Where a reply goes (the business's first notify_emails address); absent: to `from`. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** SES on AWS; an SMTP server or the outbox folder locally. Answers where the message went (for logs). */
export interface MailTransport {
  send(message: MailMessage): Promise<string>;
}

/**
 * A claim of one e-mail: the sender's own, with the secret of the e-mail's manage link (made at its first
 * claim, the same at every retry: docs/CONTRACT.md#cancel-tokens); or sent already; or held by another.
 */
export type MailClaim = { state: 'claimed'; linkSecret: Uint8Array } | { state: 'sent' } | { state: 'busy' };

/**
 * What was sent, one record per e-mail key: a job is sent once it holds the claim, and a job seen again
 * after its e-mail went out finds it sent. A claim whose holder died runs out. The link secret leaves the
 * record when the e-mail is marked sent, and when a failed send is given up (`givenUp`).
 */
export interface SentMails {
  claim(entityId: string, key: string, holdMs: number): Promise<MailClaim>;
  markSent(entityId: string, key: string): Promise<void>;
  release(entityId: string, key: string, options?: { givenUp?: boolean }): Promise<void>;
}

/**
 * The hourly cap of e-mails to one address for bookings made with a publishable key: counts one, or says
 * the window's cap is reached (nothing counted then).
 */
export interface MailCap {
  admit(entityId: string, addressHash: string, windowStart: number, max: number): Promise<boolean>;
}

/** One-time reminder schedules, one per appointment: scheduling again replaces it. */
export interface ReminderScheduler {
  schedule(job: MailJob, atMs: number): Promise<void>;
  cancel(entityId: string, appointmentId: number): Promise<void>;
}

/** What the e-mails read besides the job. */
export interface MailLookup {
  /** The entity's name and settings; null when the entity is gone. */
  entity(entityId: string): Promise<{ name: string; settings: EntitySettings } | null>;
  /** The entity's settings alone (what the planner needs of it); null when the entity is gone. */
  settings(entityId: string): Promise<EntitySettings | null>;
  appointment(entityId: string, appointmentId: number): Promise<AppointmentRecord | null>;
  /** The cancel token kept on the appointment for its confirmation's link; null when none is kept. */
  cancelToken(entityId: string, appointmentId: number): Promise<string | null>;
  /** A calendar's name (the member of staff an appointment of a service is with); absent: not named. */
  calendarName?(entityId: string, calendarId: number): Promise<string | null>;
  /** A calendar's staff member's address (its `email`), told of its bookings; null: none; absent: not read. */
  staffEmail?(entityId: string, calendarId: number): Promise<string | null>;
  /** A service's price in minor units and its own currency (null: the entity's); null when it has no price or is gone. */
  servicePrice?(
    entityId: string,
    serviceId: number,
  ): Promise<{ price: number; currency: string | null } | null>;
  /** The confirmation went out: the cancel token it carried is no longer kept. */
  forgetCancelToken(entityId: string, appointmentId: number): Promise<void>;
  /**
   * Makes one more cancel token of an appointment known by its SHA-256 (an e-mail's manage link), only
   * while the appointment is pending or confirmed; false otherwise.
   */
  addCancelToken(entityId: string, appointmentId: number, tokenHash: string): Promise<boolean>;
}

/** Whose feed: the entity's (every calendar), or with `calendarId` that calendar's own (one staff member's). */
export interface FeedOwner {
  entityId: string;
  calendarId?: number;
}

/** The staff calendar feeds' secret addresses: only the SHA-256 of each token is stored. */
export interface CalendarFeedStore {
  /**
   * Makes `tokenHash` the feed's token, the previous one gone in the same write; false when another
   * replacement came first (nothing written).
   */
  replace(owner: FeedOwner, tokenHash: string, createdAt: string): Promise<boolean>;
  findOwner(tokenHash: string): Promise<FeedOwner | null>;
  /** The feed's address, if it has one: since when (never the token, which is not kept). */
  current(owner: FeedOwner): Promise<{ createdAt: string } | null>;
  /** Ends the feed's address (its token answers nothing from then on); false when it had none. */
  end(owner: FeedOwner): Promise<boolean>;
  /** Ends every feed of the entity, its own and each calendar's (a new secret); false when it had none. */
  endAll(entityId: string): Promise<boolean>;
}
