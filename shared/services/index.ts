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
import { SlotService } from './slot-service';

/** Repositories over one table. */
export function repositories(table: TableHandle) {
  return {
    entities: new EntityRepository(table),
    settings: new SettingsRepository(table),
    hours: new OpeningHoursRepository(table),
    closures: new ClosureDayRepository(table),
    calendars: new CalendarRepository(table),
    sequence: new SequenceRepository(table),
    slots: new SlotRepository(table),
    appointments: new AppointmentRepository(table),
    clients: new ClientRepository(table),
    counters: new CounterRepository(table),
    idempotency: new IdempotencyRepository(table),
  };
}
export type Repositories = ReturnType<typeof repositories>;

/** Services wired to repositories over one table. */
export function buildServices(table: TableHandle) {
  const repos = repositories(table);
  const openingHours = new OpeningHoursService(repos.hours, repos.closures);
  return {
    repos,
    admin: new AdminService(repos),
    auth: new AuthService(repos.entities, repos.settings),
    openingHours,
    slots: new SlotService(repos.slots, repos.calendars, repos.sequence, openingHours),
    appointments: new BookingService(
      repos.appointments,
      repos.slots,
      repos.calendars,
      repos.clients,
      repos.sequence,
    ),
    health: new HealthService(new StoreProbe(table), config.debugModeEnabled),
  };
}
export type Services = ReturnType<typeof buildServices>;

let wired: Services | undefined;

/** The services of this process, over the configured table, built on first use. */
export function services(): Services {
  wired ??= buildServices({ doc: documentClient(), name: config.tableName });
  return wired;
}
export const authService = () => services().auth;
