/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { addDays, todayIn } from '../../../../shared/core/dates';
import {
  eventually,
  onSharedEngine,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * Issue "a business runs itself through the API", as a user does it: `npm start`, then the API alone. A new
 * business sets its hours and a closure, switches open_days_ahead to 14, and books a slot of a day nobody
 * generated, opened by the running server.
 */
describe('self-service through npm start', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ ...onSharedEngine(), DEMO_ACCOUNT_ID: 'self-service' });
  });
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: { 'Access-Token': server.v2 },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
    return { status: answer.status, json: (await answer.json()) as { success: boolean; data: any } };
  };

  it('says at start that days open by themselves', () => {
    expect(server.output()).toMatch(/open days: .*within seconds of a change/);
  });

  it('sets hours and a closure, opens 14 days, and books a slot of a day nobody generated', async () => {
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) {
      const hours = await call('POST', '/opening-hours/update', {
        day_of_week: day,
        start_time1: '10:00:00',
        end_time1: '12:00:00',
        start_time2: null,
        end_time2: null,
        is_open: 1,
      });
      expect(hours.status).toBe(200);
    }
    const today = todayIn('Europe/Paris');
    const closed = addDays(today, 3);
    expect((await call('POST', '/closures', { date: closed, name: 'Training day' })).status).toBe(200);
    expect((await call('POST', '/settings', { open_days_ahead: 14 })).json.data.open_days_ahead).toBe(14);

    const last = addDays(today, 13);
    const open: string[] = [];
    for (let date = today; date <= last; date = addDays(date, 1)) {
      if ((await call('GET', `/opening-hours/check-date?date=${date}`)).json.data.is_open) open.push(date);
    }
    expect(open).not.toContain(closed);
    let slots: Array<{ id: number; date: string }> = [];
    const opened = await eventually(async () => {
      slots = (await call('GET', `/calendar-slots?from=${today}&to=${addDays(last, 5)}`)).json.data;
      return open.every((date) => slots.filter((s) => s.date === date).length === 4);
    });
    expect(opened).toBe(true);
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(open));
    const later = slots.find((s) => s.date > addDays(today, 1)) as { id: number; date: string };
    const booked = await call('POST', '/appointments', {
      client_name: 'Ines Martin',
      client_phone: '0611223344',
      slot_id: later.id,
    });
    expect(booked.status).toBe(200);
    expect(booked.json.data).toMatchObject({ slot_id: later.id, date: later.date, status: 'confirmed' });
  });
});
