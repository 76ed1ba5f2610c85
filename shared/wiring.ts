/**
 * The composition root: the one module that builds the services from the repositories (or, in v1 debug
 * mode, from the fictitious data set) and binds the HTTP stack to them. Only the handlers (functions/),
 * the local runtime, the scripts and the tests import it; nothing below it does.
 *
 * Each getter builds its value on first use, once per warm container, with only what it needs, so a
 * function's bundle carries only its own dependencies ("sideEffects": false lets esbuild drop the rest).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { createDocumentClient } from './db/client';
import type { TableHandle } from './db/table-handle';
import { todayIn } from './domain/dates';
import type { EntityContext } from './domain/entity';
import { addStoreCall } from './http/scope';
import type { bindStack, StackDeps } from './http/stack';
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
import { IdempotencyRepository } from './repositories/idempotency-repository';
import { SequenceRepository } from './repositories/sequence-repository';
import { SlotRepository } from './repositories/slot-repository';
import { StoreProbe } from './repositories/store-probe';
import { AdminService } from './services/admin-service';
import { AuthService } from './services/auth-service';
import { BookingService } from './services/booking-service';
import { HealthService } from './services/health-service';
import { OpeningHoursService } from './services/opening-hours-service';
import { SlotGenerator } from './services/slot-generator';
import { SlotService } from './services/slot-service';
import type { V1Reads, V1Writes } from './services/v1/context';
import { V1QueryService } from './services/v1/query-service';
import { StatisticsService } from './services/v1/statistics-service';

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

/** What the shared HTTP stack needs: the token check and the idempotency records. */
const stackDeps = (): StackDeps => ({
  authenticate: (token, api) => authService().authenticate(token, api),
  idempotency: idempotencyStore(),
});

type DefineHandler = ReturnType<typeof bindStack>;

/**
 * Builds a v1 Lambda handler: the shared stack with the v1 envelope and token, bound to the services.
 * The HTTP stack is loaded when a handler is defined, so the admin CLI and scripts never load it.
 */
export const defineV1Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('./http/stack') as typeof import('./http/stack');
  const { V1 } = require('./http/v1') as typeof import('./http/v1');
  return bind(V1, stackDeps)(options, run);
};
/** Builds a v2 Lambda handler: the shared stack with the v2 envelope and token, bound to the services. */
export const defineV2Handler: DefineHandler = (options, run) => {
  const { bindStack: bind } = require('./http/stack') as typeof import('./http/stack');
  const { V2 } = require('./http/v2') as typeof import('./http/v2');
  return bind(V2, stackDeps)(options, run);
};

/** The v1 read services over the table (built once per warm container). */
const v1Store = /* @__PURE__ */ once(() => {
  const t = table();
  return {
    calendars: new CalendarRepository(t),
    slots: new SlotRepository(t),
    appointments: new AppointmentRepository(t),
    clients: new ClientRepository(t),
    counters: new CounterRepository(t),
  };
});
const v1Queries = /* @__PURE__ */ once(() => new V1QueryService(v1Store()));
const v1Statistics = /* @__PURE__ */ once(() => new StatisticsService(v1Store()));

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
 * set is loaded on first use only.
 */
function debugStore(now: Date) {
  const { InMemoryStore } = require('./debug/in-memory-store') as typeof import('./debug/in-memory-store');
  const { debugDataFor } = require('./debug/fixture-data') as typeof import('./debug/fixture-data');
  return new InMemoryStore(debugDataFor(todayIn(DEBUG_TIMEZONE, now)), DEBUG_TIMEZONE);
}

/** The v1 services a read uses: over the table for the token's entity, or over the debug data set. */
export function v1Reads(input: { debug: boolean; entity: EntityContext }, now = new Date()): V1Reads {
  if (!input.debug) return { entity: input.entity, queries: v1Queries(), statistics: v1Statistics() };
  const store = debugStore(now);
  const clock = () => now;
  return {
    entity: DEBUG_ENTITY,
    queries: new V1QueryService(store, clock),
    statistics: new StatisticsService(store, clock),
  };
}

/** The v1 services a write uses: booking and reading back, over the table or over the debug data set. */
export function v1Writes(input: { debug: boolean; entity: EntityContext }, now = new Date()): V1Writes {
  if (!input.debug) return { entity: input.entity, queries: v1Queries(), booking: bookingService() };
  const store = debugStore(now);
  const clock = () => now;
  return {
    entity: DEBUG_ENTITY,
    queries: new V1QueryService(store, clock),
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
}));
export type Services = ReturnType<typeof services>;
