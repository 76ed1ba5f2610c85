/** The composition root, v1: the v1 read and write services, over the table or over the debug data set. */

import { todayIn } from '../core/dates';
import { DEFAULT_SETTINGS } from '../core/defaults';
import type { EntityContext } from '../features/access/domain/tenant';
import { BookingService } from '../features/booking/services/booking-service';
import { AppointmentRepository } from '../features/booking/store/appointment-repository';
import { ClientRepository } from '../features/booking/store/client-repository';
import { CounterRepository } from '../features/booking/store/counter-repository';
import { CursorKeyRepository } from '../features/operations/store/cursor-key-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import { debugDataFor } from '../features/v1-reads/debug/fixture-data';
import { InMemoryStore } from '../features/v1-reads/debug/in-memory-store';
import { AppointmentListService } from '../features/v1-reads/services/appointment-list-service';
import { ClientQueryService } from '../features/v1-reads/services/client-query-service';
import type { V1Reads, V1Writes } from '../features/v1-reads/services/context';
import { Cursors } from '../features/v1-reads/services/cursors';
import { V1QueryService } from '../features/v1-reads/services/query-service';
import { StatisticsService } from '../features/v1-reads/services/statistics-service';
import { bookingService } from './booking';
import { calendarCache, once, table } from './core';

/** The v1 read services over the table (built once per warm container). */
const v1Store = /* @__PURE__ */ once(() => {
  const t = table();
  return {
    calendars: new CalendarRepository(t, calendarCache()),
    slots: new SlotRepository(t),
    appointments: new AppointmentRepository(t),
    clients: new ClientRepository(t),
    counters: new CounterRepository(t),
  };
});
/** The cursors of the v1 lists, sealed with the table's cursor key (debug lists use the same). */
const cursors = /* @__PURE__ */ once(() => new Cursors({ keys: new CursorKeyRepository(table()) }));
const v1Queries = /* @__PURE__ */ once(() => new V1QueryService({ store: v1Store(), cursors: cursors() }));
const v1Clients = /* @__PURE__ */ once(
  () => new ClientQueryService({ store: v1Store(), cursors: cursors() }),
);
const v1Statistics = /* @__PURE__ */ once(() => new StatisticsService({ store: v1Store() }));
/** v2's list of appointments (GET /api/v2/appointments), over the same store and cursors as v1's lists. */
export const appointmentListService = /* @__PURE__ */ once(
  () => new AppointmentListService({ store: v1Store(), cursors: cursors() }),
);

/** The fictitious entity that v1 debug answers belong to. */
const DEBUG_ENTITY: EntityContext = {
  entityId: 'debug',
  settings: {
    ...DEFAULT_SETTINGS,
    slot_duration: 60,
    default_calendar_id: 1,
  },
};

/**
 * v1 debug mode: the same services as for real data, over a fresh copy of the fictitious data set for
 * each request (so a debug POST or PUT answers as if done, and nothing is kept or read back), on the
 * clock of the request.
 */
function debugStore(now: Date) {
  const store = new InMemoryStore({
    data: debugDataFor(todayIn(DEBUG_ENTITY.settings.timezone, now)),
    timezone: DEBUG_ENTITY.settings.timezone,
  });
  const clock = () => now;
  return { store, clock, entity: DEBUG_ENTITY };
}

/** The debug data set with the v1 queries over it. */
function debugRequest(now: Date) {
  const debug = debugStore(now);
  return {
    ...debug,
    queries: new V1QueryService({ store: debug.store, cursors: cursors(), now: debug.clock }),
  };
}

/** The v1 services a read uses: over the table for the token's entity, or over the debug data set. */
export function v1Reads(input: { debug: boolean; entity: EntityContext }, now = new Date()): V1Reads {
  if (!input.debug) {
    return { entity: input.entity, queries: v1Queries(), clients: v1Clients(), statistics: v1Statistics() };
  }
  const { store, clock, entity, queries } = debugRequest(now);
  const clients = new ClientQueryService({ store, cursors: cursors() });
  return { entity, queries, clients, statistics: new StatisticsService({ store, now: clock }) };
}

/**
 * The booking service of a v1 booking, over the table or over the debug data set: without the v1 queries,
 * which a booking does not read back (its function's bundle leaves them out).
 */
export function v1Booking(
  input: { debug: boolean; entity: EntityContext },
  now = new Date(),
): Omit<V1Writes, 'queries'> {
  if (!input.debug) return { entity: input.entity, booking: bookingService() };
  return debugBooking(debugStore(now));
}

/** The v1 services a write uses: booking and reading back, over the table or over the debug data set. */
export function v1Writes(input: { debug: boolean; entity: EntityContext }, now = new Date()): V1Writes {
  if (!input.debug) return { entity: input.entity, queries: v1Queries(), booking: bookingService() };
  const debug = debugRequest(now);
  return { ...debugBooking(debug), queries: debug.queries };
}

/** The booking service over a request's copy of the debug data set. */
function debugBooking({ store, clock, entity }: ReturnType<typeof debugStore>) {
  const { appointments, slots, calendars, clients, ids } = store;
  return {
    entity,
    booking: new BookingService({
      appointments,
      writer: appointments,
      slots,
      calendars,
      clients,
      ids,
      now: clock,
    }),
  };
}
