/**
 * Service wiring. Each handler asks for the one service it uses (authService(), bookingService(), ...),
 * built on first use with only the repositories it needs, so a function's bundle carries only its own
 * dependencies (package.json has "sideEffects": false for esbuild). `services()` wires everything, for
 * the admin CLI, the local runtime and the tests.
 */
import { config } from '../config';
import { documentClient } from '../db/client';
import type { TableHandle } from '../db/table-handle';
import { AppointmentRepository } from '../repositories/appointment-repository';
import { BookingReader } from '../repositories/booking-reader';
import { CalendarRepository } from '../repositories/calendar-repository';
import { ClientRepository } from '../repositories/client-repository';
import { CounterRepository } from '../repositories/counter-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../repositories/entity-config-repository';
import { EntityRepository } from '../repositories/entity-repository';
import { IdempotencyRepository } from '../repositories/idempotency-repository';
import { SequenceRepository } from '../repositories/sequence-repository';
import { SlotRepository } from '../repositories/slot-repository';
import { StoreProbe } from '../repositories/store-probe';
import { AdminService } from './admin-service';
import { AuthService } from './auth-service';
import { BookingService } from './booking-service';
import { HealthService } from './health-service';
import { OpeningHoursService } from './opening-hours-service';
import { SlotGenerator } from './slot-generator';
import { SlotService } from './slot-service';

/** Builds a value on first call and returns it afterwards (one per warm Lambda container). */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/** The configured table. */
export const table = /* @__PURE__ */ once(
  (): TableHandle => ({ doc: documentClient(), name: config.tableName }),
);

/** Repositories over one table. */
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
    clients: new ClientRepository(t),
    counters: new CounterRepository(t),
    idempotency: new IdempotencyRepository(t),
  };
}
export type Repositories = ReturnType<typeof repositories>;

export const authService = /* @__PURE__ */ once(
  () => new AuthService(new EntityRepository(table()), new SettingsRepository(table())),
);
export const idempotencyRepository = /* @__PURE__ */ once(() => new IdempotencyRepository(table()));
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
      new SlotRepository(table()),
      new CalendarRepository(table()),
      new ClientRepository(table()),
      new SequenceRepository(table()),
      () => new Date(),
      new BookingReader(table()),
    ),
);

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
