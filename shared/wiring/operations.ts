/** The composition root, operations: the health check, the entity administration (admin CLI, demo) and the seed. */
import { StoreProbe } from '../adapters/store-probe';
import { config } from '../config';
import { RecountRepository } from '../repositories/operations/recount-repository';
import { SeedRepository } from '../repositories/operations/seed-repository';
import { AdminService } from '../services/operations/admin-service';
import { HealthService } from '../services/operations/health-service';
import { RecountService } from '../services/operations/recount-service';
import { SeedService } from '../services/operations/seed-service';
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
