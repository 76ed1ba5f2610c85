/**
 * The composition root's services in one object, apart from index.ts so that the admin CLI loads them
 * without the HTTP stack: stack.ts imports that stack statically, which keeps each function's bundle flat
 * (one module scope, compiled once, where a `require` of a project module made esbuild wrap every module
 * in a function of its own).
 */
import { authService, keyService, limitService } from './access';
import { bookingService } from './booking';
import { once, repositories, table } from './core';
import { webhookService } from './events';
import { calendarFeedService } from './mail';
import { adminService, healthService } from './operations';
import { staffService } from './people';
import { openDaysService, openingHoursService, slotGenerator, slotService } from './schedule';
import { entityConfigService } from './settings';

/** Every service, wired once: for the admin CLI, the local runtime and the tests. */
export const services = /* @__PURE__ */ once(() => ({
  repos: repositories(table()),
  admin: adminService(),
  auth: authService(),
  keys: keyService(),
  limits: limitService(),
  settings: entityConfigService(),
  openingHours: openingHoursService(),
  slots: slotService(),
  generator: slotGenerator(),
  openDays: openDaysService(),
  appointments: bookingService(),
  health: healthService(),
  webhooks: webhookService(),
  calendarFeed: calendarFeedService(),
  staff: staffService(),
}));
export type Services = ReturnType<typeof services>;
