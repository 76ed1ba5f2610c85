import { addDays, todayIn } from '../../../../shared/core/dates';
import { type Answer, viaHandler as call } from '../../../support/api';
import { newEntity } from '../../../support/fixtures';
import { partition } from '../../../support/invariants';

/**
 * v1 debug mode (docs/CONTRACT.md#v1-in-short), through the real handlers: no token, a fictitious data set
 * that is the same on every call, statistics that agree with a recount of the listed appointments, writes
 * that answer as if done and keep nothing, real data never touched.
 */

interface Appointment {
  appointment_id: number;
  status: 'pending' | 'confirmed' | 'cancelled' | 'completed' | 'no_show';
  slot_id: number;
  calendar_id: number;
  client_id: number;
  date: string;
  created_at: string;
  updated_at: string;
}
interface Slot {
  slot_id: number;
  calendar_id: number;
  date: string;
  capacity: number;
  booked_appointments: number;
  is_available: boolean;
}
interface Calendar {
  calendar_id: number;
  is_active: boolean;
}
interface Client {
  client_id: number;
  client_email: string;
  client_phone: string;
  appointments_count: number;
  last_appointment: string | null;
}

const ZONE = 'Europe/Paris';
const today = todayIn(ZONE);
const FIRST_DAY = addDays(today, -15);
const LAST_DAY = addDays(today, 14);
const LIVE = new Set(['pending', 'confirmed', 'completed', 'no_show']);

const flagged = (url: string) => `/api${url}${url.includes('?') ? '&' : '?'}debug=true`;
/** Debug mode asked by the query parameter. */
const viaQuery = (url: string, headers: Record<string, string> = {}) =>
  call('GET', flagged(url), { headers });
/** Debug mode asked by the header. */
const viaHeader = (url: string) => call('GET', `/api${url}`, { headers: { 'X-Debug': 'true' } });

/** Every item of a debug list, page after page (the data set holds more appointments than one page). */
async function everything<T>(url: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await viaQuery(`${url}${url.includes('?') ? '&' : '?'}per_page=1000&page=${page}`);
    expect(answer.status).toBe(200);
    items.push(...(answer.json.data as T[]));
    if (!answer.json.pagination.has_more) return items;
  }
}

const countBy = <T>(items: T[], key: (item: T) => string | number) => {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/** The envelope's `debug` object is the stack's business; here only its flag, when it is there. */
function expectDebugEnvelope(answer: Answer): void {
  if (answer.json.debug !== undefined) expect(answer.json.debug.debug_mode).toBe(true);
}

/** Ids taken from the data set itself, so the tests do not depend on how the data set numbers things. */
interface Known {
  calendarId: number;
  slotId: number;
  appointmentId: number;
  clientId: number;
}
let known: Known;
let appointments: Appointment[];

beforeAll(async () => {
  const calendars = (await viaQuery('/calendars')).json.data as Calendar[];
  const active = calendars.find((c) => c.is_active);
  if (!active) throw new Error('the debug data set has no active calendar');
  appointments = await everything<Appointment>('/appointments');
  const first = appointments.find((a) => a.calendar_id === active.calendar_id);
  if (!first) throw new Error('the active calendar has no appointment');
  known = {
    calendarId: active.calendar_id,
    slotId: first.slot_id,
    appointmentId: first.appointment_id,
    clientId: first.client_id,
  };
});

describe('v1 debug mode: every GET endpoint answers without a token', () => {
  const endpoints: Array<[string, (k: Known) => string, (answer: Answer, k: Known) => void]> = [
    ['calendars', () => '/calendars', (a) => expect(a.json.pagination.total).toBe(5)],
    [
      'a calendar',
      (k) => `/calendars/${k.calendarId}`,
      (a, k) => expect(a.json.data.calendar_id).toBe(k.calendarId),
    ],
    ['clients', () => '/clients', (a) => expect(a.json.pagination.total).toBe(50)],
    ['a client', (k) => `/clients/${k.clientId}`, (a, k) => expect(a.json.data.client_id).toBe(k.clientId)],
    [
      'slots',
      (k) => `/slots?calendar_id=${k.calendarId}&date_from=${FIRST_DAY}&date_to=${LAST_DAY}&all=true`,
      (a) => expect(a.json.data.length).toBeGreaterThan(0),
    ],
    ['a slot', (k) => `/slots/${k.slotId}`, (a, k) => expect(a.json.data.slot_id).toBe(k.slotId)],
    ['appointments', () => '/appointments', (a) => expect(a.json.pagination.total).toBeGreaterThan(0)],
    [
      'an appointment',
      (k) => `/appointments/${k.appointmentId}`,
      (a, k) => expect(a.json.data.appointment_id).toBe(k.appointmentId),
    ],
    [
      'appointment statistics',
      () => '/statistics/appointments?period=last30days',
      (a) => expect(a.json.data.summary.total_appointments).toBeGreaterThan(0),
    ],
    [
      'a calendar statistics',
      (k) => `/statistics/${k.calendarId}?period=last7days`,
      (a, k) => expect(a.json.data.calendar_id).toBe(k.calendarId),
    ],
    ['calendars report', () => '/statistics/calendars', (a) => expect(a.json.data.total_calendars).toBe(5)],
    ['clients report', () => '/statistics/clients', (a) => expect(a.json.data.total_clients).toBe(50)],
  ];

  it.each(endpoints)('%s: with ?debug=true and with X-Debug: true, the same data', async (_, url, check) => {
    const byQuery = await viaQuery(url(known));
    const byHeader = await viaHeader(url(known));
    for (const answer of [byQuery, byHeader]) {
      expect(answer.status).toBe(200);
      expect(answer.json.success).toBe(true);
      expectDebugEnvelope(answer);
      check(answer, known);
    }
    // Two calls, two data sets built anew: the same data.
    expect(byHeader.json.data).toEqual(byQuery.json.data);
    // Cursors are sealed anew each time (a fresh nonce): the same page, not the same text.
    const { next_cursor: a, ...pageByHeader } = byHeader.json.pagination ?? {};
    const { next_cursor: b, ...pageByQuery } = byQuery.json.pagination ?? {};
    expect(pageByHeader).toEqual(pageByQuery);
    expect(a === undefined).toBe(b === undefined);
  });

  it.each([
    ['/calendars', 5],
    ['/clients', 50],
  ])('%s: the envelope carries the debug object, by the query and by the header', async (url, total) => {
    for (const answer of [await viaQuery(url), await viaHeader(url)]) {
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

  it.each(['/', '/health'])('%s (no token): the debug object too, and the same data', async (url) => {
    const plain = await call('GET', `/api${url}`, {});
    expect(plain.status).toBe(200);
    expect(plain.json.debug).toBeUndefined();
    for (const answer of [await viaQuery(url), await viaHeader(url)]) {
      expect(answer.status).toBe(200);
      expect(answer.json.debug).toMatchObject({ request_method: 'GET', debug_mode: true });
      const { timestamp: _, ...data } = answer.json.data;
      const { timestamp: __, ...plainData } = plain.json.data;
      expect(data).toEqual(plainData);
    }
    // A value that is neither true nor false is not refused on a public route: no debug object.
    const odd = await call('GET', `/api${url}?debug=yes`, {});
    expect({ status: odd.status, debug: odd.json.debug }).toEqual({ status: 200, debug: undefined });
  });
});

describe('v1 debug mode: the data set', () => {
  it('holds appointments of every status, completed and no-show only in the past, and is the same on every call', async () => {
    expect([...countBy(appointments, (a) => a.status).keys()].sort()).toEqual([
      'cancelled',
      'completed',
      'confirmed',
      'no_show',
      'pending',
    ]);
    for (const a of appointments.filter((x) => x.status === 'completed' || x.status === 'no_show'))
      expect(a.date < today).toBe(true);
    expect(await everything<Appointment>('/appointments')).toEqual(appointments);
  });

  it('dates no record in the future, and creates each client before its first booking', async () => {
    const now = Date.now();
    const clients = await everything<Client & { created_at: string }>('/clients');
    const firstBooking = new Map<number, number>();
    for (const a of appointments) {
      const created = Date.parse(a.created_at);
      expect(created).toBeLessThanOrEqual(now);
      expect(Date.parse(a.updated_at)).toBeLessThanOrEqual(now);
      firstBooking.set(a.client_id, Math.min(firstBooking.get(a.client_id) ?? created, created));
    }
    for (const c of clients) {
      expect(Date.parse(c.created_at)).toBeLessThanOrEqual(firstBooking.get(c.client_id) ?? now);
    }
  });

  it('has slots over 30 days around today whose places taken are the live appointments, within capacity', async () => {
    const calendars = (await viaQuery('/calendars')).json.data as Calendar[];
    const live = countBy(
      appointments.filter((a) => LIVE.has(a.status)),
      (a) => a.slot_id,
    );
    const dates = new Set<string>();
    const datesOfCalendar = new Map<number, Set<string>>();
    let slots = 0;
    for (const calendar of calendars.filter((c) => c.is_active)) {
      for (const slot of await everything<Slot>(
        `/slots?calendar_id=${calendar.calendar_id}&date_from=${FIRST_DAY}&date_to=${LAST_DAY}&all=true`,
      )) {
        slots++;
        dates.add(slot.date);
        datesOfCalendar.set(
          slot.calendar_id,
          (datesOfCalendar.get(slot.calendar_id) ?? new Set()).add(slot.date),
        );
        expect(slot.capacity).toBeGreaterThanOrEqual(1);
        expect(slot.booked_appointments).toBeLessThanOrEqual(slot.capacity);
        expect(slot.booked_appointments).toBe(live.get(slot.slot_id) ?? 0);
      }
    }
    expect(slots).toBeGreaterThan(0);
    expect(dates.size).toBe(30);
    // Calendar 1 alone has slots on each of the 30 days.
    expect(datesOfCalendar.get(1)?.size).toBe(30);
    // Every appointment sits in that 30-day window.
    for (const a of appointments) expect(a.date >= FIRST_DAY && a.date <= LAST_DAY).toBe(true);
  });

  it('has 50 clients with history, French mobiles in E.164 and e-mail addresses', async () => {
    const clients = await everything<Client>('/clients');
    expect(clients).toHaveLength(50);
    const perClient = countBy(appointments, (a) => a.client_id);
    for (const c of clients) {
      expect(c.client_phone).toMatch(/^\+33[67]\d{8}$/);
      expect(c.client_email).toMatch(/^[a-z]+\.[a-z]+@example\.fr$/);
      expect(c.appointments_count).toBe(perClient.get(c.client_id) ?? 0);
      const dates = appointments.filter((a) => a.client_id === c.client_id).map((a) => a.date);
      expect(c.last_appointment).toBe(dates.length ? dates.sort().at(-1) : null);
    }
    expect(new Set(clients.map((c) => c.client_phone)).size).toBe(50);
    expect([...perClient.values()].some((n) => n >= 2)).toBe(true);
  });
});

describe('v1 debug mode: statistics computed live', () => {
  const expectSummaryOf = (summary: Record<string, number>, listed: Appointment[]) => {
    const by = countBy(listed, (a) => a.status);
    expect(summary.total_appointments).toBe(listed.length);
    expect(summary.pending_appointments).toBe(by.get('pending') ?? 0);
    expect(summary.confirmed_appointments).toBe(by.get('confirmed') ?? 0);
    expect(summary.cancelled_appointments).toBe(by.get('cancelled') ?? 0);
    expect(summary.completed_appointments).toBe(by.get('completed') ?? 0);
    expect(summary.no_show_appointments).toBe(by.get('no_show') ?? 0);
    expect(summary.unique_clients).toBe(new Set(listed.map((a) => a.client_id)).size);
    expect(summary.days_with_appointments).toBe(new Set(listed.map((a) => a.date)).size);
    expect(summary.calendars_with_appointments).toBe(new Set(listed.map((a) => a.calendar_id)).size);
  };

  it('a custom period over the whole range equals a recount of the listed appointments', async () => {
    const range = `date_from=${FIRST_DAY}&date_to=${LAST_DAY}`;
    const stats = await viaQuery(
      `/statistics/appointments?period=custom&start_date=${FIRST_DAY}&end_date=${LAST_DAY}`,
    );
    const page = await viaQuery(`/appointments?${range}`);
    expect(stats.status).toBe(200);
    expect(stats.json.data.summary.total_appointments).toBe(page.json.pagination.total);
    expectSummaryOf(stats.json.data.summary, await everything<Appointment>(`/appointments?${range}`));
  });

  it("a calendar's last 7 days equal a recount of that calendar's appointments", async () => {
    const from = addDays(today, -6);
    const stats = await viaQuery(`/statistics/${known.calendarId}?period=last7days`);
    expect(stats.json.data).toMatchObject({ start_date: from, end_date: today });
    const listed = await everything<Appointment>(
      `/appointments?calendar_id=${known.calendarId}&date_from=${from}&date_to=${today}`,
    );
    expectSummaryOf(stats.json.data.summary, listed);
    const perDay = countBy(listed, (a) => a.date);
    for (const day of stats.json.data.daily_breakdown as Array<{
      date: string;
      appointments_count: number;
    }>) {
      expect(day.appointments_count).toBe(perDay.get(day.date) ?? 0);
    }
  });

  it('the calendars and clients reports equal a recount', async () => {
    const calendars = (await viaQuery('/statistics/calendars')).json.data;
    const perCalendar = countBy(appointments, (a) => a.calendar_id);
    for (const c of calendars.calendars as Array<{ calendar_id: number; appointments_count: number }>) {
      expect(c.appointments_count).toBe(perCalendar.get(c.calendar_id) ?? 0);
    }
    const clients = (await viaQuery('/statistics/clients')).json.data;
    const perClient = countBy(appointments, (a) => a.client_id);
    const since = addDays(today, -30);
    expect(clients).toMatchObject({
      total_clients: 50,
      clients_with_appointments: perClient.size,
      repeat_clients: [...perClient.values()].filter((n) => n >= 2).length,
      active_clients: new Set(
        appointments.filter((a) => LIVE.has(a.status) && a.date >= since).map((a) => a.client_id),
      ).size,
    });
    expect(clients.top_clients[0].appointments_count).toBe(Math.max(...perClient.values()));
  });
});

describe('v1 debug mode: writes answer as if done and keep nothing', () => {
  /** A bookable slot in the future of the active calendar. */
  async function freeSlot(): Promise<Slot> {
    const slots = (
      await viaQuery(
        `/slots?calendar_id=${known.calendarId}&date_from=${addDays(today, 1)}&date_to=${LAST_DAY}`,
      )
    ).json.data as Slot[];
    const slot = slots.find((s) => s.is_available);
    if (!slot) throw new Error('no bookable slot in the debug data set');
    return slot;
  }

  it('POST /appointment answers the new appointment; the next call does not see it', async () => {
    const slot = await freeSlot();
    const created = await call('POST', '/api/appointment?debug=true', {
      body: {
        calendar_id: known.calendarId,
        slot_id: slot.slot_id,
        client_firstname: 'Ada',
        client_lastname: 'Lovelace',
        client_email: 'ada.lovelace@example.fr',
        client_phone: '0612345678',
      },
    });
    expect(created.status).toBe(200);
    expectDebugEnvelope(created);
    expect(created.json.data.appointment).toMatchObject({
      slot_id: slot.slot_id,
      calendar_id: known.calendarId,
      date: slot.date,
      status: 'confirmed',
      client_lastname: 'Lovelace',
      client_phone: '+33612345678',
    });
    const id = created.json.data.appointment.appointment_id as number;
    expect((await viaQuery(`/appointments/${id}`)).status).toBe(404);
    expect((await viaQuery(`/slots/${slot.slot_id}`)).json.data.booked_appointments).toBe(
      slot.booked_appointments,
    );
    expect(await everything<Appointment>('/appointments')).toEqual(appointments);
  });

  it('PUT /appointment/{id} answers the updated record; the next call sees the original', async () => {
    const target = appointments.find((a) => a.status === 'confirmed' && a.date > today);
    if (!target) throw new Error('no future confirmed appointment in the debug data set');
    const updated = await call('PUT', `/api/appointment/${target.appointment_id}`, {
      headers: { 'X-Debug': 'true' },
      body: { status: 'cancelled' },
    });
    expect(updated.status).toBe(200);
    // The handler reads the appointment back after the write: the booking and query services share
    // the request's data set, so the answer shows the change.
    expect(updated.json.data.appointment).toMatchObject({
      appointment_id: target.appointment_id,
      status: 'cancelled',
    });
    expect(updated.json.data.appointment.updated_at).not.toBe(target.updated_at);
    expect((await viaQuery(`/appointments/${target.appointment_id}`)).json.data).toEqual(target);

    const slot = await freeSlot();
    const moved = await call('PUT', `/api/appointment/${target.appointment_id}?debug=true`, {
      body: { slot_id: slot.slot_id },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data.appointment).toMatchObject({ slot_id: slot.slot_id, date: slot.date });
    expect((await viaQuery(`/appointments/${target.appointment_id}`)).json.data).toEqual(target);
  });

  it('never reads or writes the real table, with a valid token or without one', async () => {
    const real = await newEntity();
    const before = await partition(real.entity_account_id);
    // Without a token: the answers say done, the real partition is as it was.
    const free = await freeSlot();
    const created = await call('POST', '/api/appointment?debug=true', {
      body: {
        calendar_id: known.calendarId,
        slot_id: free.slot_id,
        client_firstname: 'Ada',
        client_lastname: 'Debug',
        client_email: 'ada@example.fr',
        client_phone: '0612345678',
      },
    });
    expect(created.status).toBe(200);
    expect(created.json.data.appointment).toMatchObject({ status: 'confirmed', client_lastname: 'Debug' });
    const confirmed = appointments.find((a) => a.status === 'confirmed');
    if (!confirmed) throw new Error('no confirmed appointment in the debug data set');
    const cancelled = await call('PUT', `/api/appointment/${confirmed.appointment_id}?debug=true`, {
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.appointment.status).toBe('cancelled');
    expect(await partition(real.entity_account_id)).toEqual(before);
    // With a real token and the flag, the answer still comes from the fictitious data set.
    const calendars = await viaQuery('/calendars', real.v1);
    expect(calendars.json.pagination.total).toBe(5);
    const slot = await freeSlot();
    await call('POST', '/api/appointment?debug=true', {
      headers: real.v1,
      body: {
        calendar_id: known.calendarId,
        slot_id: slot.slot_id,
        client_firstname: 'Grace',
        client_lastname: 'Hopper',
        client_email: 'grace.hopper@example.fr',
        client_phone: '0698765432',
      },
    });
    await call('PUT', `/api/appointment/${known.appointmentId}?debug=true`, {
      headers: real.v1,
      body: { status: 'cancelled' },
    });
    expect(await partition(real.entity_account_id)).toEqual(before);
    // Nor under the fictitious entity's own id.
    expect(await partition('debug')).toEqual([]);
  });
});

describe('v1 without debug mode', () => {
  it.each([
    ['no flag', '/api/calendars', {}],
    ['debug=false', '/api/calendars?debug=false', {}],
    ['X-Debug: false', '/api/appointments', { 'X-Debug': 'false' }],
  ])('%s and no token: 401 AUTH_REQUIRED', async (_, url, headers) => {
    const answer = await call('GET', url, { headers });
    expect(answer.status).toBe(401);
    expect(answer.json.error_code).toBe('AUTH_REQUIRED');
  });

  it('GET /api/ reports that the stage offers debug mode', async () => {
    const answer = await call('GET', '/api/', {});
    expect(answer.status).toBe(200);
    expect(answer.json.data.debug_mode).toBe(true);
  });
});

describe('v1 debug and format values (docs/CONTRACT.md#v1-in-short)', () => {
  const refused = (answer: Answer, name: string) => {
    expect(answer.status).toBe(400);
    expect(answer.json.error_code).toBe('INVALID_PARAMETER');
    expect(answer.json.message).toContain(name);
  };

  it.each(['yes', '1', '0', '', 'truee'])('debug=%j is 400 INVALID_PARAMETER naming debug', async (value) => {
    refused(await call('GET', `/api/calendars?debug=${value}`, {}), 'debug');
  });

  it.each(['yes', '1', 'on'])('X-Debug: %j is 400 INVALID_PARAMETER naming X-Debug', async (value) => {
    refused(await call('GET', '/api/calendars', { headers: { 'X-Debug': value } }), 'X-Debug');
  });

  it('a refused debug value is refused with a token too, debug mode or not', async () => {
    const real = await newEntity();
    refused(await call('GET', '/api/calendars?debug=maybe', { headers: real.v1 }), 'debug');
  });

  it.each([
    ['debug=true', '/api/calendars?debug=true', {}],
    ['debug=TRUE', '/api/calendars?debug=TRUE', {}],
    ['X-Debug: True', '/api/calendars', { 'X-Debug': 'True' }],
  ])('%s is debug mode', async (_, url, headers) => {
    const answer = await call('GET', url, { headers });
    expect(answer.status).toBe(200);
  });

  it('debug=false with a token answers the real data', async () => {
    const real = await newEntity();
    const answer = await call('GET', '/api/calendars?debug=false', {
      headers: { ...real.v1, 'X-Debug': 'false' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.debug).toBeUndefined();
  });

  it.each(['', ' ', 'yaml'])('format=%j is 400 INVALID_PARAMETER naming format', async (value) => {
    refused(await call('GET', `/api/calendars?debug=true&format=${value}`, {}), 'format');
  });

  it('format=csv still answers CSV', async () => {
    const answer = await call('GET', '/api/calendars?debug=true&format=csv', {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
  });
});
