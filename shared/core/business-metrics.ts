/**
 * What the services report of the business: counts only, never a client's data. Every feature's services
 * take this port; the adapter (shared/telemetry/business-metrics.ts) turns each call into a CloudWatch
 * metric of the invocation's one EMF line; services built without one report nothing.
 */

/** Why a booking (or a move to another slot) was refused. `store`: the store failed, not the request. */
export type RefusalReason = 'full' | 'closed' | 'past' | 'unknown' | 'limit' | 'store';
export const REFUSAL_REASONS: readonly RefusalReason[] = [
  'full',
  'closed',
  'past',
  'unknown',
  'limit',
  'store',
];

/** What became of one webhook delivery attempt: 2xx, another answer or none, or parked after the last try. */
export type DeliveryResult = 'succeeded' | 'failed' | 'dead';

export interface BusinessMetrics {
  bookingMade(): void;
  bookingRefused(reason: RefusalReason): void;
  cancelled(): void;
  moved(): void;
  delivery(result: DeliveryResult): void;
  /**
   * E-mails to clients (confirmation, reminder): the hook for the e-mail sender to call once per message,
   * `sent` when the provider accepted it, `failed` when it did not, `off` when the stage sends no e-mail
   * (no mail domain: the message is dropped unsent) (the mail sender calls it).
   */
  email(result: 'sent' | 'failed' | 'off' | 'capped'): void;
}

/** Reports nothing: the default of every service that takes a BusinessMetrics. */
export const NO_METRICS: BusinessMetrics = {
  bookingMade: () => undefined,
  bookingRefused: () => undefined,
  cancelled: () => undefined,
  moved: () => undefined,
  delivery: () => undefined,
  email: () => undefined,
};
