import { todayIn } from '../domain/dates';
import type { EntityContext } from '../domain/entity';
import { BookingService } from '../services/booking-service';
import type { V1Context } from '../services/v1';
import { V1QueryService } from '../services/v1/query-service';
import { StatisticsService } from '../services/v1/statistics-service';
import { buildDebugData, type DebugData } from './fixture-data';
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

/** The data set of one day, built once per warm container; each request gets its own copy. */
let built: { day: string; data: DebugData } | undefined;
function dataFor(day: string): DebugData {
  if (built?.day !== day) built = { day, data: buildDebugData(day) };
  return structuredClone(built.data);
}

/**
 * v1 debug mode: the same services as for real data, over a fresh copy of the fictitious data set for
 * each request (so a debug POST or PUT answers as if done, and nothing is kept or read back).
 */
export function debugContext(now: Date = new Date()): V1Context {
  const store = new InMemoryStore(dataFor(todayIn(TIMEZONE, now)));
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
