import { todayIn } from '../domain/dates';
import type { EntityContext } from '../domain/entity';
import { BookingService } from '../services/booking-service';
import type { V1Context } from '../services/v1';
import { V1QueryService } from '../services/v1/query-service';
import { StatisticsService } from '../services/v1/statistics-service';
import { buildDebugData } from './fixture-data';
import { InMemoryStore } from './in-memory-store';

const TIMEZONE = 'Europe/Paris';

/** The fictitious entity that debug answers belong to. */
const DEBUG_ENTITY: EntityContext = {
  entityId: 'debug',
  settings: {
    slot_duration: 60,
    max_appointments: 1,
    timezone: TIMEZONE,
    country: 'FR',
    default_calendar_id: 1,
  },
};

/**
 * v1 debug mode: the same services as for real data, over the fictitious data set, built anew for each
 * request (so a debug POST or PUT answers as if done, and nothing is kept or read back).
 */
export function debugContext(now: Date = new Date()): V1Context {
  const store = new InMemoryStore(buildDebugData(todayIn(TIMEZONE, now)));
  const clock = () => now;
  return {
    entity: DEBUG_ENTITY,
    queries: new V1QueryService(store, clock),
    statistics: new StatisticsService(store, clock),
    booking: new BookingService(
      store.appointments,
      store.slots,
      store.calendars,
      store.clients,
      store.ids,
      clock,
    ),
  };
}
