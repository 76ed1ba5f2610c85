/**
 * The ports of operations: whether the store answers (the health check), and what the services report of
 * the business: counts only, never a client's data. The adapter (shared/telemetry/business-metrics.ts) turns each call into a CloudWatch metric of the
 * invocation's one EMF line; services built without one report nothing. And the writes of `npm run admin -- seed` (SeedStore).
 */
import type { AppointmentRecord, ClientRecord } from '../booking/domain/appointment';
import type { StatScope } from '../booking/domain/day-stats';
import type { SlotRecord } from '../schedule/domain/slot';

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

/** Something that answers whether the store is reachable. */
export interface StorePing {
  ping(timeoutMs: number): Promise<boolean>;
}

type Item = Record<string, unknown>;

/** The writes a seed makes (shared/features/operations/store/seed-repository.ts). */
export interface SeedStore {
  appointmentItems(entityId: string, a: AppointmentRecord, tokenHash: string): Item[];
  clientItems(entityId: string, c: ClientRecord): Item[];
  slotItemsOf(entityId: string, slot: SlotRecord, isNew: boolean): Item[];
  calendarClientItem(entityId: string, calendarId: number, client: ClientRecord, count: number): Item;
  put(items: Item[]): Promise<void>;
  addToDayStat(entityId: string, date: string, scope: StatScope, adds: Record<string, number>): Promise<void>;
  addToLastLive(entityId: string, date: string, count: number): Promise<void>;
  addToCalendar(entityId: string, calendarId: number, adds: Record<string, number>): Promise<void>;
  addToEntityCounters(entityId: string, adds: Record<string, number>): Promise<void>;
  addNewClients(entityId: string, date: string, count: number): Promise<void>;
}
