/**
 * The composition root: the one module that builds the services from the repositories (or, in v1 debug
 * mode, from the fictitious data set) and binds the HTTP stack to them. Only the handlers (functions/),
 * the local runtime, the scripts and the tests import it; nothing below it does. Its parts: core.ts
 * (store, services, stack), v1.ts (v1 services and debug mode), events.ts (booking events).
 */
import { AdminService } from '../services/operations/admin-service';
import {
  authService,
  bookingService,
  healthService,
  once,
  openingHoursService,
  repositories,
  slotGenerator,
  slotService,
  table,
} from './core';
import { webhookService } from './events';

export * from './catalog';
export * from './core';
export * from './events';
export * from './v1';

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
export * from './mail';
export * from './open-days';
