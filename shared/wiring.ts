/**
 * The composition root: the one module that builds the services from the repositories (or, in v1 debug
 * mode, from the fictitious data set) and binds the HTTP stack to them. Only the handlers (functions/),
 * the local runtime, the scripts and the tests import it; nothing below it does.
 *
 * Each getter builds its value on first use, once per warm container, with only what it needs, so a
 * function's bundle carries only its own dependencies ("sideEffects": false lets esbuild drop the rest).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { createDocumentClient } from './db/client';
import type { TableHandle } from './db/table-handle';
import { todayIn } from './domain/dates';
import type { EntityContext } from './domain/entity';
import { RETRY_SCHEDULE_SECONDS } from './domain/webhooks';
import { type BatchResponse, eachMessage, inStreamOrder } from './http/batch-response';
import { v1Appointment } from './http/present-v1';
import { addStoreCall } from './http/scope';
import { AppointmentRepository } from './repositories/appointment-repository';
import { BookingReader } from './repositories/booking-reader';
import { BookingRepository } from './repositories/booking-repository';
import { CalendarRepository } from './repositories/calendar-repository';
import { ClientRepository } from './repositories/client-repository';
import { CounterRepository } from './repositories/counter-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from './repositories/entity-config-repository';
import { EntityRepository } from './repositories/entity-repository';
import { EventRepository, PendingDeliveryRepository } from './repositories/event-repository';
import { IdempotencyRepository } from './repositories/idempotency-repository';
import { SequenceRepository } from './repositories/sequence-repository';
import { SlotRepository } from './repositories/slot-repository';
import { SqsDeliveryQueue } from './repositories/sqs-delivery-queue';
import { StoreProbe } from './repositories/store-probe';
import { appointmentChangeOf, type StreamRecordLike } from './repositories/stream-changes';
import { WebhookRepository } from './repositories/webhook-repository';
import { NodeWebhookTransport } from './repositories/webhook-transport';
import { AdminService } from './services/admin-service';
import { AuthService } from './services/auth-service';
import { BookingService } from './services/booking-service';
import { EventDispatcher } from './services/event-dispatcher';
import { HealthService } from './services/health-service';
import { OpeningHoursService } from './services/opening-hours-service';
import type { DeadLetters, DeliveryQueue } from './services/ports';
import { SlotGenerator } from './services/slot-generator';
import { SlotService } from './services/slot-service';
import type { V1Context } from './services/v1/context';
import { V1QueryService } from './services/v1/query-service';
import { StatisticsService } from './services/v1/statistics-service';
import { WebhookDelivery } from './services/webhook-delivery';
import { WebhookService } from './services/webhook-service';

/** Builds a value on first call and returns it afterwards (one per warm Lambda container). */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/** The process-wide document client; the time of every store call goes to the request's scope. */
export const documentClient = /* @__PURE__ */ once(
  (): DynamoDBDocumentClient =>
    createDocumentClient({ endpoint: config.dynamoEndpoint, region: config.region, onCall: addStoreCall }),
);

/** The configured table. */
export const table = /* @__PURE__ */ once(
  (): TableHandle => ({ doc: documentClient(), name: config.tableName }),
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
  };
}
export type Repositories = ReturnType<typeof repositories>;

export const authService = /* @__PURE__ */ once(
  () => new AuthService(new EntityRepository(table()), new SettingsRepository(table())),
);
export const idempotencyStore = /* @__PURE__ */ once(() => new IdempotencyRepository(table()));
export const healthService = /* @__PURE__ */ once(
  () => new HealthService(new StoreProbe(table()), config.debugModeEnabled),
);
export const openingHoursService = /* @__PURE__ */ once(
  () => new OpeningHoursService(new OpeningHoursRepository(table()), new ClosureDayRepository(table())),
);
export const slotService = /* @__PURE__ */ once(
  () => new SlotService(new SlotRepository(table()), new CalendarRepository(table())),
);
export const slotGenerator = /* @__PURE__ */ once(
  () =>
    new SlotGenerator(
      new SlotRepository(table()),
      new SequenceRepository(table()),
      slotService(),
      openingHoursService(),
    ),
);
export const bookingService = /* @__PURE__ */ once(
  () =>
    new BookingService(
      new AppointmentRepository(table()),
      new BookingRepository(table()),
      new SlotRepository(table()),
      new CalendarRepository(table()),
      new ClientRepository(table()),
      new SequenceRepository(table()),
      () => new Date(),
      new BookingReader(table()),
    ),
);

const v1Real = /* @__PURE__ */ once((): Omit<V1Context, 'entity'> => {
  const t = table();
  const store = {
    calendars: new CalendarRepository(t),
    slots: new SlotRepository(t),
    appointments: new AppointmentRepository(t),
    clients: new ClientRepository(t),
    counters: new CounterRepository(t),
  };
  return {
    queries: new V1QueryService(store),
    statistics: new StatisticsService(store),
    booking: bookingService(),
  };
});

/** The fictitious entity that v1 debug answers belong to. */
const DEBUG_TIMEZONE = 'Europe/Paris';
const DEBUG_ENTITY: EntityContext = {
  entityId: 'debug',
  settings: {
    slot_duration: 60,
    max_appointments: 1,
    timezone: DEBUG_TIMEZONE,
    country: 'FR',
    default_calendar_id: 1,
  },
};

/**
 * v1 debug mode: the same services as for real data, over a fresh copy of the fictitious data set for
 * each request (so a debug POST or PUT answers as if done, and nothing is kept or read back). The data
 * set is loaded on first use only: functions that never serve debug mode never build it.
 */
export function debugV1Context(now: Date = new Date()): V1Context {
  const { InMemoryStore } = require('./debug/in-memory-store') as typeof import('./debug/in-memory-store');
  const { debugDataFor } = require('./debug/fixture-data') as typeof import('./debug/fixture-data');
  const store = new InMemoryStore(debugDataFor(todayIn(DEBUG_TIMEZONE, now)), DEBUG_TIMEZONE);
  const clock = () => now;
  return {
    entity: DEBUG_ENTITY,
    queries: new V1QueryService(store, clock),
    statistics: new StatisticsService(store, clock),
    booking: new BookingService(
      store.appointments,
      store.appointments,
      store.slots,
      store.calendars,
      store.clients,
      store.ids,
      clock,
    ),
  };
}

/** The v1 services a request uses: over the table for the token's entity, or over the debug data set. */
export function v1Services(input: { debug: boolean; entity: EntityContext }): V1Context {
  if (input.debug) return debugV1Context();
  return { entity: input.entity, ...v1Real() };
}

/** Everything, wired once: for the admin CLI, the local runtime and the tests. */
export const services = /* @__PURE__ */ once(() => ({
  repos: repositories(table()),
  admin: new AdminService(repositories(table())),
  auth: authService(),
  openingHours: openingHoursService(),
  slots: slotService(),
  generator: slotGenerator(),
  appointments: bookingService(),
  health: healthService(),
  webhooks: webhookService(),
}));
export type Services = ReturnType<typeof services>;

// ---- Booking events (docs/EVENTS.md) ----

export const webhookService = /* @__PURE__ */ once(
  () =>
    new WebhookService(
      new WebhookRepository(table()),
      new EventRepository(table()),
      new NodeWebhookTransport(),
      config.stage === 'local',
    ),
);

/**
 * The event pipeline over a queue: the dispatcher (stream records in) and the delivery service (queued
 * deliveries in). On AWS the queue is SQS; locally (runtime, tests) an in-process timer queue, so both run
 * the same code. `retryScale` shortens the retry schedule (tests); the default is the configured one.
 */
export function eventPipeline(queue: DeliveryQueue & DeadLetters, options: { retryScale?: number } = {}) {
  const t = table();
  const webhooks = new WebhookRepository(t);
  const pending = new PendingDeliveryRepository(t);
  const settings = new SettingsRepository(t);
  const calendars = new CalendarRepository(t);
  const dispatcher = new EventDispatcher(
    new EventRepository(t),
    webhooks,
    pending,
    queue,
    {
      timezone: async (entityId) => (await settings.get(entityId))?.timezone ?? 'Europe/Paris',
      calendarName: async (entityId, id) => (await calendars.get(entityId, id))?.calendar_name ?? '',
    },
    (appointment, calendarName, timezone) => v1Appointment({ appointment, calendarName }, timezone),
  );
  const scale = options.retryScale ?? config.webhookRetryScale;
  const delivery = new WebhookDelivery(webhooks, pending, queue, queue, new NodeWebhookTransport(), {
    local: config.stage === 'local',
    schedule: RETRY_SCHEDULE_SECONDS.map((seconds) => seconds * scale),
  });
  return {
    dispatcher,
    delivery,
    /** A batch of table stream records, in order (stops at the first failure). */
    dispatchRecords: (records: readonly StreamRecordLike[]): Promise<BatchResponse> =>
      inStreamOrder(
        records,
        (record) => record.dynamodb?.SequenceNumber ?? '',
        async (record) => {
          const change = appointmentChangeOf(record);
          if (change) await dispatcher.dispatch(change);
        },
      ),
  };
}

/** The pipeline on AWS: deliveries go through the SQS delivery queue, dead ones to its dead-letter queue. */
const awsPipeline = /* @__PURE__ */ once(() =>
  eventPipeline(
    new SqsDeliveryQueue(
      new SQSClient({ region: config.region }),
      config.deliveryQueueUrl ?? '',
      config.deadLetterQueueUrl ?? '',
    ),
  ),
);

/** Stream Lambda: the table's changes of one batch become events. */
export const dispatchStreamRecords = (records: readonly StreamRecordLike[]): Promise<BatchResponse> =>
  awsPipeline().dispatchRecords(records);

/** Queue Lambda: each message is one delivery attempt. */
export const deliverQueuedMessages = (
  messages: ReadonlyArray<{ messageId: string; body: string }>,
): Promise<BatchResponse> =>
  eachMessage(
    messages,
    (message) => message.messageId,
    (message) => awsPipeline().delivery.handle(JSON.parse(message.body)),
  );
