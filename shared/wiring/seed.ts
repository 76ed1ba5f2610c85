/** The composition root of `npm run admin -- seed` (scripts/admin.ts): the seed over the table. */
import { SeedRepository } from '../repositories/operations/seed-repository';
import { SeedService } from '../services/operations/seed-service';
import { openingHoursService, repositories, table } from './core';
import { services } from './index';

export function seedService(): SeedService {
  const repos = repositories(table());
  const hours = openingHoursService();
  return new SeedService({
    store: new SeedRepository(table()),
    settings: (entityId) => repos.settings.get(entityId),
    calendars: repos.calendars,
    createCalendar: (accountId, name) => services().admin.createCalendar(accountId, name),
    dayStatus: (entity, date) => hours.dayStatus(entity, date),
    slotsOf: (entityId, calendarId, from, to) => repos.slots.listRange(entityId, calendarId, from, to),
    ids: (entityId, count) => (count === 0 ? Promise.resolve([]) : repos.sequence.next(entityId, count)),
  });
}
