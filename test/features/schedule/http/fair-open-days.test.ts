/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { addDays, todayIn } from '../../../../shared/core/dates';
import { storageFrom } from '../../../../shared/local/engine/dynamodb-local';
import { acquireLocalStore, type LocalStore } from '../../../../shared/local/engine/local-store';
import { eventually, runAdmin, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 27, point 6 ("open days are fair") through `npm start`: a tenant asking for 5-minute slots, 24 hours
 * a day, as many days ahead as the 50,000-slot budget allows, is started first; while its run is still under
 * way (its last day has no slots yet, read from the store), another tenant's 3 days open. The proof is the
 * order of the store's states, not a clock: on a slow machine both runs slow down, and the big one has
 * tens of thousands of slots to write where the small one (open two hours a day) has a dozen. The small one
 * asks as soon as the big run is seen under way: every second that run goes on costs both cores.
 */
/**
 * A DynamoDB Local of this file's own, in memory. The big tenant's slots leave some 20,000 stream records,
 * and DynamoDB Local keeps every stream record of its database (a deleted table's too, as AWS keeps them a
 * day) and goes through all of them at each write to a table with a stream and at each read of a stream:
 * on the run's shared engine, every later file's server would pay for them (measured: a write to such a
 * table took 3.9 ms of the engine's CPU before this file ran on it, 9.6 ms after). The server and the admin
 * CLI reach it by its address.
 */
let engine: LocalStore;
const store: Record<string, string> = { TABLE_NAME: 'booking-fair' };
const ZONE = 'Europe/Paris';
// 288 slots a day: 21,600 slots, far more than the small tenant's work (its run outlasts the small one's many
// times over on any machine: both share the engine), and under the 50,000-slot budget.
const BIG_DAYS = 75;
type Json = Record<string, unknown>;

describe('open days are fair, through npm start', () => {
  let server: Started;
  beforeAll(async () => {
    engine = await acquireLocalStore(storageFrom('memory'), { kind: 'tool', jit: 'quick' });
    store.LOCAL_DB = engine.endpoint;
    server = await startServer({ ...store, DEMO_ACCOUNT_ID: 'demo-fair' });
  }, 300_000);
  afterAll(async () => {
    // Killed outright: a server stopped gently gives the big run, still under way, 5 s to end (open days'
    // grace), at full speed on both cores. What this file checks ends with the test; shutdown is runtime's.
    if (server) await stopServer(server, 'SIGKILL');
    await engine?.release();
  }, 300_000);

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: { 'Access-Token': token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: unknown };
    if (response.status !== 200)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data as never;
  };
  const slotsOn = async (token: string, date: string) =>
    ((await call(token, 'GET', `/calendar-slots?from=${date}&to=${date}`)) as Json[]).length;
  /** Opens every day of the week from `start` to `end`. */
  const openDaily = async (token: string, start: string, end: string) => {
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
      await call(token, 'POST', '/opening-hours/update', {
        day_of_week: day,
        start_time1: start,
        end_time1: end,
        is_open: 1,
      });
  };

  it("opens a small tenant's 3 days while a big tenant's year is still being opened", async () => {
    const big = server.v2;
    const created = await runAdmin(store, ['create-entity', 'fair-small']);
    expect(created.code).toBe(0);
    const small = (created.json as { v2_token: string }).v2_token;
    await openDaily(big, '00:00:00', '24:00:00');
    // Two hours every day: a few slots a day, every day of the week (whatever day the test runs on).
    await openDaily(small, '10:00:00', '12:00:00');

    const today = todayIn(ZONE);
    // The big tenant's last day its run opens (a public holiday stays without slots: the one before it).
    let bigLast = addDays(today, BIG_DAYS - 1);
    while (!((await call(big, 'GET', `/opening-hours/check-date?date=${bigLast}`)) as Json).is_open)
      bigLast = addDays(bigLast, -1);
    // The small tenant's 3 days: each day it may open (not a public holiday) is to get its slots.
    const days = [today, addDays(today, 1), addDays(today, 2)];
    const open: string[] = [];
    for (const date of days)
      if (((await call(small, 'GET', `/opening-hours/check-date?date=${date}`)) as Json).is_open)
        open.push(date);
    expect(open.length).toBeGreaterThan(0);

    // The big tenant first: its run starts (today has its slots) …
    await call(big, 'POST', '/settings', { slot_duration: 5, open_days_ahead: BIG_DAYS });
    expect(await eventually(async () => (await slotsOn(big, today)) > 0, 120_000)).toBe(true);

    // … then the small one asks for its 3 days.
    await call(small, 'POST', '/settings', { open_days_ahead: 3 });
    const smallOpened = async () =>
      (await Promise.all(open.map((d) => slotsOn(small, d)))).every((n) => n > 0);
    expect(await eventually(smallOpened, 60_000)).toBe(true);

    // The big tenant's run had not finished meanwhile: its last day is still without slots (slots are only
    // added: without them now, it was without them all along).
    expect(await slotsOn(big, bigLast)).toBe(0);
  }, 300_000);
});
