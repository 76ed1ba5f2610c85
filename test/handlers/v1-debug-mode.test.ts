import { addDays, todayIn } from '../../shared/domain/dates';
import { viaHandler as call } from '../support/api';
import { newEntity } from '../support/fixtures';
import { partition } from '../support/invariants';

/** v1 debug mode: no token, a fictitious data set, the same on every call, never real data. */
const today = todayIn('Europe/Paris');
const get = (url: string, headers: Record<string, string> = {}) => call('GET', `/api${url}`, { headers });
const debug = (url: string) => get(`${url}${url.includes('?') ? '&' : '?'}debug=true`);

describe('v1 debug mode', () => {
  it.each([
    ['/calendars', 5],
    ['/clients', 50],
  ])('%s answers without a token, with the debug object (%i items)', async (url, total) => {
    for (const answer of [await debug(url), await get(url, { 'X-Debug': 'true' })]) {
      expect(answer.status).toBe(200);
      expect(answer.json.pagination.total).toBe(total);
      expect(answer.json.debug).toEqual({
        memory_usage: expect.any(Number),
        execution_time: expect.any(Number),
        query_count: expect.any(Number),
        request_method: 'GET',
        endpoint: `/api${url}`,
        debug_mode: true,
      });
    }
  });

  it('has slots over 30 days around today and appointments of every status, the same on every call', async () => {
    const slots = await debug(
      `/slots?calendar_id=1&date_from=${addDays(today, -15)}&date_to=${addDays(today, 14)}&all=true&per_page=1000`,
    );
    const dates = new Set(slots.json.data.map((s: { date: string }) => s.date));
    expect(dates.size).toBe(30);
    const first = await debug('/appointments?per_page=1000');
    const second = await debug('/appointments?per_page=1000');
    expect(second.json.data).toEqual(first.json.data);
    const statuses = new Set(first.json.data.map((a: { status: string }) => a.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
    for (const slot of slots.json.data) expect(slot.booked_appointments).toBeLessThanOrEqual(slot.capacity);
  });

  it('computes statistics live from the data set', async () => {
    const range = `start_date=${addDays(today, -15)}&end_date=${addDays(today, 14)}`;
    const stats = await debug(`/statistics/appointments?period=custom&${range}`);
    const all = await debug(`/appointments?date_from=${addDays(today, -15)}&date_to=${addDays(today, 14)}`);
    expect(stats.status).toBe(200);
    expect(stats.json.data.summary.total_appointments).toBe(all.json.pagination.total);
    for (const url of ['/statistics/calendars', '/statistics/clients', '/statistics/1?period=last7days']) {
      expect((await debug(url)).status).toBe(200);
    }
    expect((await debug('/statistics/clients')).json.data.total_clients).toBe(50);
  });

  it('a debug POST or PUT answers as if done and keeps nothing; real data is never touched', async () => {
    const real = await newEntity();
    const before = await partition(real.entity_account_id);
    const slots = await debug(
      `/slots?calendar_id=1&date_from=${addDays(today, 3)}&date_to=${addDays(today, 10)}`,
    );
    const slot = slots.json.data[0];
    const created = await call('POST', '/api/appointment?debug=true', {
      body: {
        calendar_id: 1,
        slot_id: slot.slot_id,
        client_firstname: 'Ada',
        client_lastname: 'Debug',
        client_email: 'ada@example.fr',
        client_phone: '0612345678',
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.data.appointment).toMatchObject({
      slot_id: slot.slot_id,
      status: 'confirmed',
      client_lastname: 'Debug',
    });
    expect(
      (await debug('/appointments?per_page=1000')).json.data.some(
        (a: { client_lastname: string }) => a.client_lastname === 'Debug',
      ),
    ).toBe(false);
    const someone = (await debug('/appointments?status=confirmed')).json.data[0];
    const updated = await call('PUT', `/api/appointment/${someone.appointment_id}?debug=true`, {
      body: { status: 'cancelled' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.data.appointment.status).toBe('cancelled');
    expect((await debug(`/appointments/${someone.appointment_id}`)).json.data.status).toBe('confirmed');
    expect(await partition(real.entity_account_id)).toEqual(before);
  });

  it('without debug and without a token: 401 AUTH_REQUIRED; GET /api/ reports debug_mode', async () => {
    expect((await get('/calendars')).json.error_code).toBe('AUTH_REQUIRED');
    expect((await get('/')).json.data.debug_mode).toBe(true);
  });
});
