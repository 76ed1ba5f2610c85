/**
 * The composition root, part 1: the store client, the repositories, the services and the HTTP stack's
 * binding. Each getter builds its value on first use, once per warm container, with only what it needs,
 * so a function's bundle carries only its own dependencies ("sideEffects": false lets esbuild drop the rest).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { StoreProbe } from '../adapters/store-probe';
import { config } from '../config';
import { createDocumentClient } from '../db/client';
import type { TableHandle } from '../db/table-handle';
import { addStoreCall } from '../http/scope';
import type { bindStack, StackDeps } from '../http/stack';
import { LimitRepository } from '../repositories/access/limit-repository';
import { PublishableKeyRepository } from '../repositories/access/publishable-key-repository';
import { TokenRepository } from '../repositories/access/token-repository';
import { AppointmentRepository } from '../repositories/booking/appointment-repository';
import { BookingRepository } from '../repositories/booking/booking-repository';
import { BookingSnapshotRepository } from '../repositories/booking/booking-snapshot-repository';
import { ClientRepository } from '../repositories/booking/client-repository';
import { CounterRepository } from '../repositories/booking/counter-repository';
import { IdempotencyRepository } from '../repositories/booking/idempotency-repository';
import { SequenceRepository } from '../repositories/booking/sequence-repository';
import { CalendarHoursRepository } from '../repositories/catalog/calendar-hours-repository';
import { WebhookRepository } from '../repositories/events/webhook-repository';
import { EntityRepository } from '../repositories/operations/entity-repository';
import { CalendarRepository } from '../repositories/schedule/calendar-repository';
import { OpenDaysRepository } from '../repositories/schedule/open-days-repository';
import { SlotRepository } from '../repositories/schedule/slot-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../repositories/settings/entity-config-repository';
import { AuthService } from '../services/access/auth-service';
import { KeyService } from '../services/access/key-service';
import { LimitService } from '../services/access/limit-service';
import { BookingService } from '../services/booking/booking-service';
import { HealthService } from '../services/operations/health-service';
import { OpenDaysService } from '../services/schedule/open-days-service';
import { OpeningHoursService } from '../services/schedule/opening-hours-service';
import { SlotGenerator } from '../services/schedule/slot-generator';
import { SlotService } from '../services/schedule/slot-service';
import { EntityConfigService } from '../services/settings/entity-config-service';
import { businessMetrics } from '../telemetry/business-metrics';
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
      createDocumentClient({ endpoint: config.dynamoEndpoint, region: config.region, onCall: addStoreCall }),
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
  };
}
export type Repositories = ReturnType<typeof repositories>;

export const authService = /* @__PURE__ */ once(
  () => new AuthService(new TokenRepository(table()), new SettingsRepository(table())),
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
      undefined,
      new CalendarHoursRepository(table()),
    ),
);
/** Fair limits: the stage's defaults and each entity's own, counted in the table. */
export const limitService = /* @__PURE__ */ once(
  () => new LimitService(new LimitRepository(table()), config.defaultLimits, undefined, businessMetrics),
);
/** Publishable keys, managed with the entity's secret v2 token. */
export const keyService = /* @__PURE__ */ once(() => new KeyService(new PublishableKeyRepository(table())));
/** Settings, weekly hours and closure days of the token's entity (v2 management routes). */
export const entityConfigService = /* @__PURE__ */ once(
  () =>
    new EntityConfigService({
      entities: new EntityRepository(table()),
      settings: new SettingsRepository(table()),
      hours: new OpeningHoursRepository(table()),
      closures: new ClosureDayRepository(table()),
      calendars: new CalendarRepository(table()),
    }),
);
/** Slots that open by themselves (open_days_ahead): the scheduled run and the run after a change. */
export const openDaysService = /* @__PURE__ */ once(
  () =>
    new OpenDaysService({
      directory: new OpenDaysRepository(table()),
      settings: new SettingsRepository(table()),
      slots: new SlotRepository(table()),
      calendars: slotService(),
      generator: slotGenerator(),
    }),
);
export const bookingService = /* @__PURE__ */ once(
  () =>
    new BookingService({
      appointments: new AppointmentRepository(table()),
      writer: new BookingRepository(table()),
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(table()),
      clients: new ClientRepository(table()),
      ids: new SequenceRepository(table()),
      reader: new BookingSnapshotRepository(table()),
      metrics: businessMetrics,
    }),
);

/** What the shared HTTP stack needs: the token check and the idempotency records. */
const stackDeps = (): StackDeps => ({
  authenticate: (token, api) => authService().authenticate(token, api),
  idempotency: idempotencyStore(),
  admit: (entity, request) => limitService().admit(entity, request),
});

type DefineHandler = ReturnType<typeof bindStack>;

/**
 * Builds a v1 Lambda handler: the shared stack with the v1 envelope and token, bound to the services.
 * The HTTP stack is loaded when a handler is defined, so the admin CLI and scripts never load it.
 */
export const defineV1Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('../http/stack') as typeof import('../http/stack');
  const { V1 } = require('../http/v1/profile') as typeof import('../http/v1/profile');
  return bind(V1, stackDeps)(options, run);
};
/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token, bound to the services. */
export const defineV2Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('../http/stack') as typeof import('../http/stack');
  const { V2 } = require('../http/v2/profile') as typeof import('../http/v2/profile');
  return bind(V2, stackDeps)(options, run);
};
