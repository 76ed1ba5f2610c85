/**
 * The ports of the booking events: the event feed, the webhook subscriptions, the deliveries waiting their
 * turn, their queue (a jobs/ports.ts queue of deliveries) and the transport.
 */

import type { DeadJobs, JobQueue } from '../../core/jobs/ports';
import type { AppointmentRecord } from '../booking';
import type { BookingEvent, EventType } from './domain/webhooks';

/** A committed change of an appointment item, as the table's stream reports it. */
export interface AppointmentChange {
  entityId: string;
  /** The stream record's creation time (ms) and sequence number: they make the event id. */
  createdAtMs: number;
  sequenceNumber: string;
  before: AppointmentRecord | null;
  after: AppointmentRecord | null;
  /** The calendar file's SEQUENCE after the change (0 at booking, one more per change). */
  sequence?: number;
  /** A new booking's cancel token, when its confirmation e-mail is to carry the cancellation link. */
  mailCancelToken?: string;
  /**
   * Its e-mails are capped (docs/CONTRACT.md#mail-cap): the appointment was booked with a publishable key,
   * or this change was made with a publishable key or a cancel token.
   */
  viaKey?: true;
  /** This change itself was made with a publishable key or a cancel token: the client, not the business. */
  byClient?: true;
}

/** A subscription as stored; the secret is returned once, at creation. */
export interface WebhookRecord {
  id: string;
  url: string;
  events: EventType[];
  secret: string;
  created_at: string;
  last_failure?: { at: string; event_id: string; reason: string } | null;
  last_success_at?: string | null;
}

/** One event to send to one subscription, and which attempt this is (1 = first). */
export interface Delivery {
  entityId: string;
  subscriptionId: string;
  appointmentId: number;
  event: BookingEvent;
  attempt: number;
  /** When a wait longer than the queue allows was cut short: not before this time (ms). */
  notBefore?: number;
}

/** What writing an event found: it was new (`written`), or the event already there and whether it is done. */
export type EventWrite = 'written' | { event: BookingEvent; queued: boolean };

export interface EventStore {
  /**
   * Writes the event unless one of its id is there (a record processed again): `queued` true writes it done
   * at once (nothing to queue). Says `written`, or gives the stored event and whether its deliveries were
   * all queued (a reprocessed record then stops).
   */
  add(entityId: string, event: BookingEvent, queued: boolean): Promise<EventWrite>;
  markQueued(entityId: string, eventId: string): Promise<void>;
  listAfter(entityId: string, after: string | undefined, limit: number): Promise<BookingEvent[]>;
}

export interface WebhookStore {
  /** Creates and counts a subscription; false when the entity has `max` already. */
  create(entityId: string, record: WebhookRecord, max: number): Promise<boolean>;
  list(entityId: string): Promise<WebhookRecord[]>;
  get(entityId: string, id: string): Promise<WebhookRecord | null>;
  remove(entityId: string, id: string): Promise<boolean>;
  recordFailure(
    entityId: string,
    id: string,
    failure: { at: string; event_id: string; reason: string },
  ): Promise<void>;
  recordSuccess(entityId: string, id: string, at: string): Promise<void>;
}

/**
 * Deliveries not yet done, per (subscription, appointment), in event order: a delivery waits while an
 * earlier one of the same appointment is pending, so a receiver gets one appointment's events in order.
 */
export interface PendingDeliveries {
  add(delivery: Delivery): Promise<void>;
  /**
   * Where a delivery stands: `first` of its subscription and appointment, `behind` an earlier pending
   * one, or `gone` (already done: a duplicate message).
   */
  position(delivery: Delivery): Promise<'first' | 'behind' | 'gone'>;
  /** The next pending delivery of the same subscription and appointment after this one, if any. */
  next(delivery: Delivery): Promise<Delivery | null>;
  remove(delivery: Delivery): Promise<void>;
}

/** Where deliveries wait for their attempt, and where they go when every attempt failed. */
export type DeliveryQueue = JobQueue<Delivery>;
export type DeadLetters = DeadJobs<Delivery>;

/** The network: DNS resolution and one HTTP POST pinned to a checked address. */
export interface WebhookTransport {
  resolve(hostname: string): Promise<string[]>;
  post(request: {
    url: URL;
    address: string;
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
  }): Promise<number>;
}

/** What the dispatcher reads besides the change: the entity's time zone and a calendar's name. */
export interface EventContextLookup {
  timezone(entityId: string): Promise<string>;
  calendarName(entityId: string, calendarId: number): Promise<string>;
}
