/**
 * The composition root's base: the store and queue clients, the table, every repository, and `once`. Each
 * getter of the wiring builds its value on first use, once per warm container, with only what it needs,
 * so a function's bundle carries only its own dependencies ("sideEffects": false lets esbuild drop the rest).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { createDocumentClient } from '../db/client';
import { readsTogether } from '../db/reads-together';
import type { TableHandle } from '../db/table-handle';
import { IdempotencyRepository } from '../features/access/store/idempotency-repository';
import { LimitRepository } from '../features/access/store/limit-repository';
import { PublishableKeyRepository } from '../features/access/store/publishable-key-repository';
import { AppointmentRepository } from '../features/booking/store/appointment-repository';
import { BookingRepository } from '../features/booking/store/booking-repository';
import { ClientRepository } from '../features/booking/store/client-repository';
import { CounterRepository } from '../features/booking/store/counter-repository';
import { SequenceRepository } from '../features/booking/store/sequence-repository';
import { CalendarFeedRepository } from '../features/mail/store/calendar-feed-repository';
import { EntityRepository } from '../features/operations/store/entity-repository';
import { CalendarListCache } from '../features/schedule/store/calendar-cache';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { OpenDaysRepository } from '../features/schedule/store/open-days-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../features/settings/store/entity-config-repository';
import { WebhookRepository } from '../features/webhooks/store/webhook-repository';
import { addStoreCall, storeDeadline } from '../http/scope';
import { traced } from '../telemetry/tracer';

/** Builds a value on first call and returns it afterwards (one per warm Lambda container). */
export const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/**
 * The process-wide document client; the time of every store call goes to the request's scope, and under
 * active tracing every call is a subsegment of the request's trace.
 */
export const documentClient = /* @__PURE__ */ once(
  (): DynamoDBDocumentClient =>
    traced(
      createDocumentClient({
        endpoint: config.dynamoEndpoint,
        region: config.region,
        onCall: addStoreCall,
        maxAttempts: config.storeMaxAttempts,
        functionTimeoutMs: config.functionTimeoutSeconds * 1000,
        deadline: storeDeadline,
      }),
    ),
);

/**
 * The process-wide SQS client (webhook deliveries and client e-mails share it), traced like the store. Loaded
 * on first use: only the event functions reach SQS.
 */
export const sqsClient = /* @__PURE__ */ once(() => {
  const { SQSClient } = require('@aws-sdk/client-sqs') as typeof import('@aws-sdk/client-sqs');
  return traced(new SQSClient({ region: config.region }));
});

/** The configured table. */
export const table = /* @__PURE__ */ once(
  (): TableHandle => ({ doc: documentClient(), name: config.tableName }),
);
/**
 * The table, with the reads by key sent in one turn of the event loop merged into one BatchGetItem: the
 * token check's read and the booking's snapshot, started together (shared/db/reads-together.ts).
 */
export const readsTogetherTable = /* @__PURE__ */ once(() => readsTogether(table()));
/**
 * The instance's memory of each entity's calendars, kept as long as a token (TOKEN_CACHE_SECONDS:
 * docs/CONTRACT.md#credentials-in-force), shared by every read that shows or filters by calendars.
 */
export const calendarCache = /* @__PURE__ */ once(
  () => new CalendarListCache({ ttlMs: config.tokenCacheMs, uptime }),
);

/** Every repository over one table (admin CLI, local runtime, tests). */
export function repositories(t: TableHandle) {
  return {
    entities: new EntityRepository(t),
    settings: new SettingsRepository(t),
    hours: new OpeningHoursRepository(t),
    closures: new ClosureDayRepository(t),
    calendars: new CalendarRepository(t),
    sequence: new SequenceRepository(t),
    slots: new SlotRepository(t),
    appointments: new AppointmentRepository(t),
    bookings: new BookingRepository(t),
    clients: new ClientRepository(t),
    counters: new CounterRepository(t),
    idempotency: new IdempotencyRepository(t),
    webhooks: new WebhookRepository(t),
    openDays: new OpenDaysRepository(t),
    publishableKeys: new PublishableKeyRepository(t),
    limits: new LimitRepository(t),
    feeds: new CalendarFeedRepository(t),
  };
}
export type Repositories = ReturnType<typeof repositories>;

const realClock = (): number => config.limitsClockMs ?? Date.now();
let wallClock: () => number = realClock;
/**
 * The wall clock of the services that take one (the limits' windows): the real time, or on the local stage
 * the instant LIMITS_CLOCK_MS fixes. Tests set their own with `useClock` (none: back to this one).
 */
export const clock = (): number => wallClock();
export const useClock = (now?: () => number): void => {
  wallClock = now ?? realClock;
};

const realUptime = (): number => performance.now();
let instanceTime: () => number = realUptime;
/**
 * This instance's own time, for how long it keeps what it caches (an entity's limits, 5 s). Tests that
 * count round trips stop it with `useUptime` (none: back to the process's), so that a slow machine never
 * makes a cached read come back.
 */
export const uptime = (): number => instanceTime();
export const useUptime = (now?: () => number): void => {
  instanceTime = now ?? realUptime;
};
