import type { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { DEFAULT_SETTINGS } from '../../../../shared/core/defaults';
import type { TableHandle } from '../../../../shared/db/table-handle';
import type { EntityContext } from '../../../../shared/features/access/domain/tenant';
import { AppointmentRepository } from '../../../../shared/features/booking/store/appointment-repository';
import { ClientRepository } from '../../../../shared/features/booking/store/client-repository';
import { CounterRepository } from '../../../../shared/features/booking/store/counter-repository';
import { CalendarRepository } from '../../../../shared/features/schedule/store/calendar-repository';
import { SlotRepository } from '../../../../shared/features/schedule/store/slot-repository';
import { ClientQueryService } from '../../../../shared/features/v1-reads/services/client-query-service';
import { Cursors } from '../../../../shared/features/v1-reads/services/cursors';
import { V1QueryService } from '../../../../shared/features/v1-reads/services/query-service';
import { StatisticsService } from '../../../../shared/features/v1-reads/services/statistics-service';
import { documentClient } from '../../../../shared/wiring';
import { seedService } from '../../../../shared/wiring/operations';
import { newEntity } from '../../../support/fixtures';
import { partition } from '../../../support/invariants';

/**
 * Reads flat at any size (issue 31, point 3): the clients of a calendar, the period statistics, the
 * clients report and a dated page of appointments read the same number of items from a tenant over three
 * times larger. Measured in items the store returns (Query items, GetItem and BatchGetItem items, the items
 * a COUNT query goes through), not in time; a read that went back to
 * reading every member of a calendar would read a hundred more items on the large tenant, one of every
 * appointment hundreds more. (The seeded counters are checked against a recount in
 * test/features/booking/handlers/seed.ts.) Two weeks of slots: the seed's cost is mostly its slots (the same whatever
 * the number of appointments), and 30 days with 800 appointments cost about 4 s of CPU more (DynamoDB
 * Local and the worker) for the same checks (2026-11-27).
 */
const DAYS = 14;
const SMALL = 150;
const LARGE = 500;

let read = 0;
/** The items the store went through, matched or not (a FilterExpression's misses too: ScannedCount). */
let scanned = 0;
const counting: TableHandle = {
  name: process.env.TABLE_NAME ?? '',
  doc: {
    send: async (command: QueryCommand) => {
      const answer = (await documentClient().send(command)) as Record<string, unknown>;
      const items = answer.Items as unknown[] | undefined;
      const responses = answer.Responses as Record<string, unknown[]> | undefined;
      // A COUNT query returns no items, but reads every one it counts (ScannedCount).
      read += (items?.length ?? Number(answer.ScannedCount ?? 0)) + (answer.Item ? 1 : 0);
      for (const got of Object.values(responses ?? {})) read += got.length;
      scanned += Number(answer.ScannedCount ?? items?.length ?? 0) + (answer.Item ? 1 : 0);
      for (const got of Object.values(responses ?? {})) scanned += got.length;
      return answer;
    },
  } as unknown as TableHandle['doc'],
};
const store = {
  calendars: new CalendarRepository(counting),
  slots: new SlotRepository(counting),
  appointments: new AppointmentRepository(counting),
  clients: new ClientRepository(counting),
  counters: new CounterRepository(counting),
};
const key = new Uint8Array(32).fill(7);
const cursors = new Cursors({ keys: { key: async () => key } });
const queries = new V1QueryService({ store, cursors });
const clientQueries = new ClientQueryService({ store, cursors });
const statistics = new StatisticsService({ store });

interface Tenant {
  entity: EntityContext;
  calendarId: number;
}

async function seeded(appointments: number): Promise<Tenant> {
  const created = await newEntity();
  const summary = await seedService().seed({
    accountId: created.entity_account_id,
    appointments,
    days: DAYS,
    calendars: 2,
    stage: 'local',
  });
  return {
    entity: {
      entityId: created.entity_account_id,
      settings: { ...DEFAULT_SETTINGS, default_calendar_id: 1 },
    },
    calendarId: summary.calendars[1] ?? 1,
  };
}

let small: Tenant;
let large: Tenant;
beforeAll(async () => {
  [small, large] = await Promise.all([seeded(SMALL), seeded(LARGE)]);
}, 600_000);

const reads = async (run: () => Promise<unknown>) => {
  read = 0;
  await run();
  return read;
};

test('a page of the clients of a calendar reads that page (and its clients), on page 1 and by cursor', async () => {
  const perPage = 20;
  const firstOf = (t: Tenant) =>
    clientQueries.clientsOfCalendar(t.entity, t.calendarId, undefined, { page: 1, perPage });
  const first = await firstOf(large);
  expect(first.items).toHaveLength(perPage);
  expect(first.total).toBeGreaterThan(3 * perPage);
  const cursor = first.nextCursor;
  const thirdOf = async (t: Tenant) => {
    const one = await firstOf(t);
    const two = await clientQueries.clientsOfCalendar(t.entity, t.calendarId, undefined, {
      page: 1,
      perPage,
      cursor: one.nextCursor,
    });
    read = 0;
    return clientQueries.clientsOfCalendar(t.entity, t.calendarId, undefined, {
      page: 1,
      perPage,
      cursor: two.nextCursor,
    });
  };
  expect(cursor).toBeDefined();
  const smallFirst = await reads(() => firstOf(small));
  const largeFirst = await reads(() => firstOf(large));
  // The calendar, the page of members, their client items.
  expect(largeFirst).toBeLessThanOrEqual(1 + 2 * perPage);
  expect(largeFirst).toBeLessThanOrEqual(smallFirst);
  await thirdOf(large);
  expect(read).toBeLessThanOrEqual(1 + 2 * perPage);
  // The same clients as by page number.
  const byNumber = await clientQueries.clientsOfCalendar(large.entity, large.calendarId, undefined, {
    page: 3,
    perPage,
  });
  const byCursor = await thirdOf(large);
  expect(byCursor.items.map((c) => c.client_id)).toEqual(byNumber.items.map((c) => c.client_id));
}, 120_000);

test('period statistics and the clients report read day items, not appointments or clients', async () => {
  const today = todayIn(DEFAULT_SETTINGS.timezone, new Date());
  const custom = { period: 'custom' as const, start_date: addDays(today, -60), end_date: addDays(today, 29) };
  for (const run of [
    (t: Tenant) => statistics.appointments(t.entity, { period: 'last30days' }),
    (t: Tenant) => statistics.appointments(t.entity, custom),
    (t: Tenant) => statistics.appointments(t.entity, custom, t.calendarId),
    (t: Tenant) => statistics.clients(t.entity),
  ]) {
    const smallReads = await reads(() => run(small));
    const largeReads = await reads(() => run(large));
    // At most one item per day and scope (2 calendars + the entity), plus the calendars and 10 top clients.
    expect(largeReads).toBeLessThanOrEqual(3 * DAYS + 45);
    expect(largeReads).toBeLessThanOrEqual(smallReads + 3 * DAYS);
  }
}, 120_000);

test('a dated page of appointments reads its page and the day items, not every appointment dated in the range', async () => {
  const today = todayIn(DEFAULT_SETTINGS.timezone, new Date());
  const from = addDays(today, -Math.floor(DAYS / 2));
  const to = addDays(from, DAYS - 1);
  const perPage = 10;
  const stored = (await partition(large.entity.entityId)).filter((i) => i.type === 'appointment');
  for (const [calendarOf, status] of [
    [() => undefined, undefined],
    [(t: Tenant) => t.calendarId, undefined],
    [(t: Tenant) => t.calendarId, 'confirmed'],
  ] as const) {
    const run = (t: Tenant) =>
      queries.appointments(
        t.entity,
        { dateFrom: from, dateTo: to, calendarId: calendarOf(t), status },
        { page: 1, perPage },
      );
    const smallReads = await reads(() => run(small));
    const largeReads = await reads(() => run(large));
    // The calendars, one day item per day and scope (2 calendars + the entity), the page (with a status
    // filter, what matches in the first read of 50: shared/db/paging.ts).
    expect(largeReads).toBeLessThanOrEqual(2 + 3 * DAYS + (status ? 50 : perPage));
    expect(largeReads).toBeLessThanOrEqual(smallReads + 3 * DAYS);
    const calendarId = calendarOf(large);
    const wanted = stored.filter(
      (a) =>
        String(a.date) >= from &&
        String(a.date) <= to &&
        (calendarId === undefined || a.calendar_id === calendarId) &&
        (!status || a.status === status),
    );
    expect((await run(large)).total).toBe(wanted.length);
  }
}, 120_000);

test('a first page with a status filter that matches nothing goes through no appointment', async () => {
  // Past days hold no pending appointment (the seed's past ones are confirmed, completed or cancelled).
  const today = todayIn(DEFAULT_SETTINGS.timezone, new Date());
  const filter = { dateFrom: addDays(today, -Math.floor(DAYS / 2)), dateTo: addDays(today, -1) };
  for (const status of ['pending', undefined] as const) {
    scanned = 0;
    const page = await queries.appointments(large.entity, { ...filter, status }, { page: 1, perPage: 10 });
    if (status) {
      expect(page.total).toBe(0);
      // The calendars and the range's day items (2 calendars + the entity, a day each): no appointment.
      expect(scanned).toBeLessThanOrEqual(2 + 3 * DAYS);
    } else expect(page.items).toHaveLength(10);
  }
}, 120_000);

test('the statistics read from counters agree with the appointments', async () => {
  const today = todayIn(DEFAULT_SETTINGS.timezone, new Date());
  const from = addDays(today, -60);
  const to = addDays(today, 29);
  const appointments = (await partition(large.entity.entityId)).filter((i) => i.type === 'appointment');
  const inRange = appointments.filter((a) => String(a.date) >= from && String(a.date) <= to);
  const answer = await statistics.appointments(large.entity, {
    period: 'custom',
    start_date: from,
    end_date: to,
  });
  expect(answer.summary.total_appointments).toBe(inRange.length);
  expect(answer.summary.unique_clients).toBe(new Set(inRange.map((a) => a.client_id)).size);
  const ofCalendar = inRange.filter((a) => a.calendar_id === large.calendarId);
  const mine = await statistics.appointments(
    large.entity,
    { period: 'custom', start_date: from, end_date: to },
    large.calendarId,
  );
  expect(mine.summary.unique_clients).toBe(new Set(ofCalendar.map((a) => a.client_id)).size);
  const report = await statistics.clients(large.entity);
  const since = addDays(today, -30);
  expect(report.active_clients).toBe(
    new Set(
      appointments.filter((a) => a.status !== 'cancelled' && String(a.date) >= since).map((a) => a.client_id),
    ).size,
  );
  const members = new Set(
    appointments.filter((a) => a.calendar_id === large.calendarId).map((a) => a.client_id),
  );
  const page = await clientQueries.clientsOfCalendar(large.entity, large.calendarId, undefined, {
    page: 1,
    perPage: 5,
  });
  expect(page.total).toBe(members.size);
}, 120_000);
