/** The composition root, operations: the health check, the entity administration (admin CLI, demo) and the seed. */

import { config } from '../config';
import { AdminService } from '../features/operations/services/admin-service';
import { HealthService } from '../features/operations/services/health-service';
import { RecountService } from '../features/operations/services/recount-service';
import { SeedService } from '../features/operations/services/seed-service';
import { RecountRepository } from '../features/operations/store/recount-repository';
import { SeedRepository } from '../features/operations/store/seed-repository';
import { StoreProbe } from '../features/operations/store/store-probe';
import { once, repositories, table } from './core';
import { openingHoursService } from './schedule';

export const healthService = /* @__PURE__ */ once(
  () =>
    new HealthService({
      store: new StoreProbe(table()),
      debugMode: config.debugModeEnabled,
      deadlineMs: config.healthDeadlineMs,
    }),
);
/** Entity administration over every repository of the table. */
export const adminService = /* @__PURE__ */ once(() => new AdminService(repositories(table())));

/** `npm run admin -- seed` (scripts/admin.ts): a big tenant for measuring, written as bookings would. */
export function seedService(): SeedService {
  const repos = repositories(table());
  const hours = openingHoursService();
  return new SeedService({
    store: new SeedRepository(table()),
    settings: (entityId) => repos.settings.get(entityId),
    calendars: repos.calendars,
    createCalendar: (accountId, name) => adminService().createCalendar(accountId, name),
    dayStatus: (entity, date) => hours.dayStatus(entity, date),
    slotsOf: (entityId, calendarId, from, to) => repos.slots.listRange(entityId, calendarId, from, to),
    ids: (entityId, count) => (count === 0 ? Promise.resolve([]) : repos.sequence.next(entityId, count)),
  });
}

/** `npm run admin -- recount-stats` (scripts/admin.ts): an entity's flat statistics rebuilt from its appointments. */
export const recountService = (): RecountService =>
  new RecountService({ store: new RecountRepository(table()) });
