import { services } from '../../../../shared/wiring';
import { type Answer, viaHandler as call } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: answers are arbitrary JSON
type Json = Record<string, any>;

const D1 = futureWorkingDate(20);
const D2 = futureWorkingDate(40);

const v1Error = (answer: Answer, status: number, code: string) => {
  expect({ status: answer.status, code: answer.json?.error_code }).toEqual({ status, code });
  expect(answer.json).toMatchObject({
    success: false,
    data: null,
    http_code: status,
    api_version: '1.0',
    meta: {},
  });
  expect(typeof answer.json.message).toBe('string');
  expect(answer.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
};

let entity: Entity;
let second: number; // a second calendar
let slotsD1: Json[]; // default calendar, D1, capacity 3
let slotsD2: Json[]; // second calendar, D2, capacity 2
const get = (url: string, headers: Record<string, string> = entity.v1) =>
  call('GET', `/api${url}`, { headers });
const postAppointment = (body: unknown) => call('POST', '/api/appointment', { headers: entity.v1, body });
const put = (id: number, body: unknown) =>
  call('PUT', `/api/appointment/${id}`, { headers: entity.v1, body });
const person = (i: number, extra: Json = {}) => ({
  client_firstname: `First${i}`,
  client_lastname: `Last${String(i).padStart(2, '0')}`,
  client_email: `person${i}@acme.fr`,
  client_phone: mobile(500 + i),
  ...extra,
});

beforeAll(async () => {
  entity = await newEntity({ hours: ALWAYS_OPEN });
  const admin = services().admin;
  second = (await admin.createCalendar(entity.entity_account_id, 'Room <B> & "C"')).calendar_id;
  const generate = async (date: string, max: number) =>
    (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date, max_appointments: max, duration: 60 },
      })
    ).json.data as Json[];
  slotsD1 = await generate(D1, 3);
  await admin.updateSettings(entity.entity_account_id, { default_calendar_id: second });
  slotsD2 = await generate(D2, 2);
  await admin.updateSettings(entity.entity_account_id, { default_calendar_id: 1 });
});

describe('calendars', () => {
  it('lists calendars by id with counters, pagination and meta', async () => {
    const answer = await get('/calendars');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      success: true,
      error_code: 'SUCCESS',
      http_code: 200,
      api_version: '1.0',
      format: 'json',
      meta: {},
    });
    expect(answer.json.pagination).toEqual({
      total: 2,
      page: 1,
      per_page: 50,
      total_pages: 1,
      has_more: false,
    });
    expect(answer.json.data[0]).toEqual({
      calendar_id: 1,
      calendar_name: 'Default calendar',
      widgetID: expect.stringMatching(/^wdg_/),
      is_active: true,
      created_at: expect.stringMatching(/\+0[12]:00$/),
      total_appointments: 0,
      total_slots: slotsD1.length,
    });
    expect(answer.json.data[1]).toMatchObject({ calendar_id: second, total_slots: slotsD2.length });
  });

  it('gives one calendar with updated_at, and 404 RESOURCE_NOT_FOUND for an unknown id', async () => {
    const answer = await get(`/calendars/${second}`);
    expect(answer.json.data).toMatchObject({ calendar_id: second, updated_at: expect.any(String) });
    v1Error(await get('/calendars/424242'), 404, 'RESOURCE_NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])(
    'a path id %j is 400 INVALID_PARAMETER',
    async (id) => {
      v1Error(await get(`/calendars/${id}`), 400, 'INVALID_PARAMETER');
    },
  );
});

describe('slots', () => {
  it('lists bookable slots of a calendar in a range; all=true lists every one', async () => {
    await call('POST', '/api/v2/calendar-slots/update', {
      headers: entity.v2,
      body: { slot_id: slotsD1[0]?.id, status: 'closed' },
    });
    const bookable = await get(`/slots?calendar_id=1&date_from=${D1}`);
    expect(bookable.status).toBe(200);
    expect(bookable.json.pagination.total).toBe(slotsD1.length - 1);
    expect(bookable.json.meta).toEqual({ calendar_id: 1 });
    expect(bookable.json.data[0]).toEqual({
      slot_id: slotsD1[1]?.id,
      calendar_id: 1,
      date: D1,
      start_time: slotsD1[1]?.start_time,
      end_time: slotsD1[1]?.end_time,
      capacity: 3,
      is_available: true,
      booked_appointments: 0,
      created_at: expect.any(String),
    });
    const all = await get(`/slots?calendar_id=1&date_from=${D1}&date_to=${D1}&all=true`);
    expect(all.json.pagination.total).toBe(slotsD1.length);
    expect(all.json.data[0]).toMatchObject({ slot_id: slotsD1[0]?.id, is_available: false });
    await call('POST', '/api/v2/calendar-slots/update', {
      headers: entity.v2,
      body: { slot_id: slotsD1[0]?.id, status: 'open' },
    });
  });

  it('gives one slot with calendar_name and updated_at', async () => {
    const answer = await get(`/slots/${slotsD2[0]?.id}`);
    expect(answer.json.data).toMatchObject({
      slot_id: slotsD2[0]?.id,
      calendar_id: second,
      calendar_name: 'Room <B> & "C"',
      updated_at: expect.any(String),
    });
    v1Error(await get('/slots/999999'), 404, 'RESOURCE_NOT_FOUND');
  });

  it.each([
    ['no calendar_id', `/slots?date_from=${D1}`, 400, 'MISSING_CALENDAR_ID'],
    ['no date_from', '/slots?calendar_id=1', 400, 'INVALID_PARAMETER'],
    ['a bad date', '/slots?calendar_id=1&date_from=2026-02-31', 400, 'INVALID_DATE_FORMAT'],
    [
      'a range over 365 days',
      '/slots?calendar_id=1&date_from=2030-01-01&date_to=2031-01-02',
      400,
      'DATE_RANGE_TOO_LARGE',
    ],
    [
      'date_to before date_from',
      '/slots?calendar_id=1&date_from=2030-01-02&date_to=2030-01-01',
      400,
      'INVALID_PARAMETER',
    ],
    ['an unknown calendar', `/slots?calendar_id=777777&date_from=${D1}`, 404, 'RESOURCE_NOT_FOUND'],
    ['per_page 0', `/slots?calendar_id=1&date_from=${D1}&per_page=0`, 400, 'INVALID_PARAMETER'],
    ['per_page 1001', `/slots?calendar_id=1&date_from=${D1}&per_page=1001`, 400, 'INVALID_PARAMETER'],
    ['page 0', `/slots?calendar_id=1&date_from=${D1}&page=0`, 400, 'INVALID_PARAMETER'],
  ])('%s: %s', async (_name, url, status, code) => {
    v1Error(await get(url), status, code);
  });

  it('MISSING_CALENDAR_ID says the calendar_id parameter is required', async () => {
    expect((await get(`/slots?date_from=${D1}`)).json.message).toBe('calendar_id parameter is required');
  });
});

describe('appointments: create, change, move', () => {
  const ids: number[] = [];

  it('creates a confirmed appointment by default; data.appointment is the full record', async () => {
    const answer = await postAppointment({ calendar_id: 1, slot_id: slotsD1[0]?.id, ...person(1) });
    expect(answer.status).toBe(200);
    expect(answer.json.data.appointment).toEqual({
      appointment_id: expect.any(Number),
      status: 'confirmed',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      slot_id: slotsD1[0]?.id,
      date: D1,
      start_time: slotsD1[0]?.start_time,
      end_time: slotsD1[0]?.end_time,
      calendar_id: 1,
      calendar_name: 'Default calendar',
      client_id: expect.any(Number),
      client_firstname: 'First1',
      client_lastname: 'Last01',
      client_email: 'person1@acme.fr',
      client_phone: '+33612000501',
      // Who made it (docs/CONTRACT.md#staff-and-sessions): the v1 token.
      changed_by: 'token',
    });
    ids.push(answer.json.data.appointment.appointment_id);
    for (const [i, status] of [
      [2, 'pending'],
      [3, 'completed'],
      [4, 'cancelled'],
    ] as const) {
      const made = await postAppointment({ calendar_id: 1, slot_id: slotsD1[1]?.id, ...person(i), status });
      expect(made.json.data.appointment.status).toBe(status);
      ids.push(made.json.data.appointment.appointment_id);
    }
    const slot = await get(`/slots/${slotsD1[1]?.id}`);
    expect(slot.json.data.booked_appointments).toBe(2); // pending and completed take places; cancelled does not
  });

  it.each([
    [{ slot_id: 1, ...person(9) }, 400, 'MISSING_REQUIRED_FIELD'],
    [{ calendar_id: 1, ...person(9) }, 400, 'MISSING_REQUIRED_FIELD'],
    [{ calendar_id: 1, slot_id: 1, ...person(9), client_email: undefined }, 400, 'MISSING_REQUIRED_FIELD'],
    [{ calendar_id: 1, slot_id: 1, ...person(9), client_phone: '123' }, 400, 'INVALID_PARAMETER'],
    [{ calendar_id: 1, slot_id: 1, ...person(9), client_email: 'nope' }, 400, 'INVALID_PARAMETER'],
    [{ calendar_id: 1, slot_id: 1, ...person(9), status: 'done' }, 400, 'INVALID_PARAMETER'],
    [{ calendar_id: 'one', slot_id: 1, ...person(9) }, 400, 'INVALID_PARAMETER'],
    [{ calendar_id: 777777, slot_id: 1, ...person(9) }, 404, 'CALENDAR_NOT_FOUND'],
    [{ calendar_id: 1, slot_id: 777777, ...person(9) }, 404, 'SLOT_NOT_FOUND'],
  ])('refuses %j', async (body, status, code) => {
    v1Error(await postAppointment(body), status, code);
  });

  it('a slot of another calendar is SLOT_NOT_FOUND; an inactive calendar is CALENDAR_NOT_FOUND', async () => {
    v1Error(
      await postAppointment({ calendar_id: 1, slot_id: slotsD2[0]?.id, ...person(9) }),
      404,
      'SLOT_NOT_FOUND',
    );
    await services().admin.setCalendarActive(entity.entity_account_id, second, false);
    v1Error(
      await postAppointment({ calendar_id: second, slot_id: slotsD2[0]?.id, ...person(9) }),
      404,
      'CALENDAR_NOT_FOUND',
    );
    await services().admin.setCalendarActive(entity.entity_account_id, second, true);
  });

  it('malformed JSON is 400 INVALID_JSON; over 64 KB is 413 PAYLOAD_TOO_LARGE', async () => {
    v1Error(
      await call('POST', '/api/appointment', { headers: entity.v1, body: '{"calendar_id": 1,' }),
      400,
      'INVALID_JSON',
    );
    v1Error(await postAppointment({ ...person(9), pad: 'x'.repeat(66_000) }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a full slot is 409 SLOT_UNAVAILABLE, a past slot 409 SLOT_IN_PAST', async () => {
    const slot = slotsD2[1]?.id;
    for (const i of [10, 11])
      expect((await postAppointment({ calendar_id: second, slot_id: slot, ...person(i) })).status).toBe(200);
    v1Error(
      await postAppointment({ calendar_id: second, slot_id: slot, ...person(12) }),
      409,
      'SLOT_UNAVAILABLE',
    );
    const past = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: '2021-03-02' },
      })
    ).json.data;
    v1Error(
      await postAppointment({ calendar_id: 1, slot_id: past[0].id, ...person(13) }),
      409,
      'SLOT_IN_PAST',
    );
  });

  it('changes status: cancelled frees the place, leaving cancelled takes it again or is refused when full', async () => {
    const slot = slotsD2[1]?.id; // full: two live appointments
    const list = await get(`/appointments?calendar_id=${second}&date_from=${D2}&date_to=${D2}`);
    const [first] = list.json.data as Json[];
    const cancelled = await put(first?.appointment_id, { status: 'cancelled' });
    expect(cancelled.json.data.appointment.status).toBe('cancelled');
    expect((await get(`/slots/${slot}`)).json.data.booked_appointments).toBe(1);
    expect((await postAppointment({ calendar_id: second, slot_id: slot, ...person(14) })).status).toBe(200);
    v1Error(await put(first?.appointment_id, { status: 'confirmed' }), 409, 'SLOT_UNAVAILABLE');
    expect((await put(first?.appointment_id, { status: 'pending', slot_id: slotsD2[2]?.id })).status).toBe(
      200,
    );
  });

  it('moves an appointment: frees the old place and takes the new one, across calendars too', async () => {
    const id = ids[0] as number;
    const moved = await put(id, { slot_id: slotsD2[3]?.id });
    expect(moved.status).toBe(200);
    expect(moved.json.data.appointment).toMatchObject({
      slot_id: slotsD2[3]?.id,
      calendar_id: second,
      date: D2,
      status: 'confirmed',
    });
    expect((await get(`/slots/${slotsD1[0]?.id}`)).json.data.booked_appointments).toBe(0);
    expect((await get(`/slots/${slotsD2[3]?.id}`)).json.data.booked_appointments).toBe(1);
    const client = await get(`/clients/${moved.json.data.appointment.client_id}`);
    expect(client.json.data.last_appointment).toBe(D2);
  });

  it('PUT with the slot or the status it already has changes nothing: 200, the appointment as it was', async () => {
    const id = ids[0] as number; // confirmed, alone in slotsD2[3] since the move above
    const before = (await get(`/appointments/${id}`)).json.data;
    const { slot_id, status } = before;
    for (const body of [{ slot_id }, { status }, { slot_id, status }]) {
      const again = await put(id, body);
      expect(again.status).toBe(200);
      expect(again.json.data.appointment).toEqual(before);
    }
    expect((await get(`/slots/${before.slot_id}`)).json.data.booked_appointments).toBe(1);
  });

  it('PUT moving a cancelled appointment needs a free place in the new slot too, and takes none', async () => {
    const booked = await postAppointment({
      calendar_id: second,
      slot_id: slotsD2[4]?.id,
      status: 'cancelled',
      ...person(15),
    });
    expect(booked.status).toBe(200);
    const id = booked.json.data.appointment.appointment_id as number;
    expect((await get(`/slots/${slotsD2[1]?.id}`)).json.data.is_available).toBe(false); // full
    v1Error(await put(id, { slot_id: slotsD2[1]?.id }), 409, 'SLOT_UNAVAILABLE');
    expect((await get(`/appointments/${id}`)).json.data.slot_id).toBe(slotsD2[4]?.id);
    const moved = await put(id, { slot_id: slotsD2[5]?.id });
    expect(moved.status).toBe(200);
    expect(moved.json.data.appointment).toMatchObject({ slot_id: slotsD2[5]?.id, status: 'cancelled' });
    expect((await get(`/slots/${slotsD2[5]?.id}`)).json.data.booked_appointments).toBe(0);
  });

  it.each([
    [{}, 400, 'MISSING_REQUIRED_FIELD'],
    [{ slot_id: 777777 }, 404, 'SLOT_NOT_FOUND'],
    [{ status: 'archived' }, 400, 'INVALID_PARAMETER'],
  ])('PUT %j is refused', async (body, status, code) => {
    v1Error(await put(ids[1] as number, body), status, code);
  });

  it('PUT on an unknown appointment is 404 RESOURCE_NOT_FOUND', async () => {
    v1Error(await put(777777, { status: 'confirmed' }), 404, 'RESOURCE_NOT_FOUND');
  });

  it('every counter equals a recount of the stored appointments', async () => {
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });
});

describe('appointment lists', () => {
  it('orders by date, start time, id; filters by calendar, status, dates and client', async () => {
    const all = await get('/appointments?per_page=1000');
    const rows = all.json.data as Json[];
    const stored = (await partition(entity.entity_account_id)).filter((i) => i.type === 'appointment');
    expect(all.json.pagination.total).toBe(stored.length);
    const order = rows.map((r) => `${r.date}|${r.start_time}|${String(r.appointment_id).padStart(10, '0')}`);
    expect(order).toEqual([...order].sort());
    for (const status of ['pending', 'confirmed', 'cancelled', 'completed', 'no_show']) {
      const filtered = await get(`/appointments?status=${status}`);
      expect(filtered.json.pagination.total).toBe(stored.filter((a) => a.status === status).length);
      expect(filtered.json.data.every((r: Json) => r.status === status)).toBe(true);
    }
    const inSecond = await get(`/appointments?calendar_id=${second}`);
    expect(inSecond.json.pagination.total).toBe(stored.filter((a) => a.calendar_id === second).length);
    const onD1 = await get(`/appointments?date_from=${D1}&date_to=${D1}`);
    expect(onD1.json.pagination.total).toBe(stored.filter((a) => a.date === D1).length);
    // Dated totals come from the day items' status counts: each filter mix, open ranges too.
    const dated: Array<[string, (a: Json) => boolean]> = [
      [`date_from=${D1}&calendar_id=${second}`, (a) => a.date >= D1 && a.calendar_id === second],
      [`date_to=${D1}&status=confirmed`, (a) => a.date <= D1 && a.status === 'confirmed'],
      [
        `date_from=${D1}&date_to=${D2}&status=cancelled`,
        (a) => a.date >= D1 && a.date <= D2 && a.status === 'cancelled',
      ],
      [`date_from=${D2}&date_to=${D2}&calendar_id=1`, (a) => a.date === D2 && a.calendar_id === 1],
    ];
    for (const [query, wanted] of dated) {
      const answer = await get(`/appointments?per_page=1&${query}`);
      expect([query, answer.json.pagination.total]).toEqual([query, stored.filter(wanted).length]);
    }
    const client = rows[0]?.client_id;
    const ofClient = await get(`/appointments?client_id=${client}`);
    expect(ofClient.json.pagination.total).toBe(stored.filter((a) => a.client_id === client).length);
  });

  it('paginates: per_page, has_more, total_pages; a page past the end is 200 with []', async () => {
    const total = (await get('/appointments')).json.pagination.total as number;
    const page1 = await get('/appointments?per_page=2&page=1');
    expect(page1.json.pagination).toEqual({
      total,
      page: 1,
      per_page: 2,
      total_pages: Math.ceil(total / 2),
      has_more: total > 2,
      ...(total > 2 ? { next_cursor: expect.any(String) } : {}),
    });
    const page2 = await get('/appointments?per_page=2&page=2');
    expect(page2.json.data[0].appointment_id).not.toBe(page1.json.data[0].appointment_id);
    const beyond = await get('/appointments?per_page=2&page=999');
    expect(beyond.status).toBe(200);
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.pagination.has_more).toBe(false);
  });

  it('GET /appointments/{n}: the appointment, the calendar’s list, or 404', async () => {
    const row = (await get('/appointments')).json.data[0];
    const one = await get(`/appointments/${row.appointment_id}`);
    expect(one.json.data).toMatchObject({
      appointment_id: row.appointment_id,
      calendar_name: expect.any(String),
    });
    const ofCalendar = await get(`/appointments/${second}?status=confirmed`);
    expect(ofCalendar.json.meta).toEqual({ calendar_id: second });
    expect(ofCalendar.json.pagination).toBeDefined();
    expect(
      ofCalendar.json.data.every((r: Json) => r.calendar_id === second && r.status === 'confirmed'),
    ).toBe(true);
    v1Error(await get('/appointments/888888'), 404, 'RESOURCE_NOT_FOUND');
  });

  it.each([
    ['/appointments?status=done', 400, 'INVALID_PARAMETER'],
    ['/appointments?date_from=2030-1-1', 400, 'INVALID_DATE_FORMAT'],
    ['/appointments?date_from=2030-01-01&date_to=2031-06-01', 400, 'DATE_RANGE_TOO_LARGE'],
    ['/appointments?calendar_id=x', 400, 'INVALID_PARAMETER'],
    ['/appointments?calendar_id=999999', 404, 'RESOURCE_NOT_FOUND'],
  ])('%s', async (url, status, code) => {
    v1Error(await get(url), status, code);
  });
});

describe('clients', () => {
  it('lists by last name, first name, id, with the unfiltered total from the counters', async () => {
    const answer = await get('/clients?per_page=1000');
    const stored = (await partition(entity.entity_account_id)).filter((i) => i.type === 'client');
    expect(answer.json.pagination.total).toBe(stored.length);
    const names = answer.json.data.map((c: Json) => c.client_lastname.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(answer.json.data[0]).toEqual({
      client_id: expect.any(Number),
      client_firstname: expect.any(String),
      client_lastname: expect.any(String),
      client_email: expect.any(String),
      client_phone: expect.stringMatching(/^\+\d+$/),
      created_at: expect.any(String),
      appointments_count: expect.any(Number),
      last_appointment: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it.each([
    [
      'search on last name, any case',
      '/clients?search=LAST0',
      (c: Json) => c.client_lastname.toLowerCase().includes('last0'),
    ],
    [
      'search on first name',
      '/clients?search=first1',
      (c: Json) => c.client_firstname.toLowerCase().includes('first1'),
    ],
    ['search on e-mail', '/clients?search=person2%40', (c: Json) => c.client_email.includes('person2@')],
    [
      'exact e-mail, any case',
      '/clients?email=PERSON3@ACME.FR',
      (c: Json) => c.client_email === 'person3@acme.fr',
    ],
    [
      'phone in any spelling',
      `/clients?phone=${encodeURIComponent(`+33 6 12 00 05 ${'04'}`)}`,
      (c: Json) => c.client_phone === '+33612000504',
    ],
  ])('%s', async (_name, url, match) => {
    const all = (await get('/clients?per_page=1000')).json.data as Json[];
    const answer = await get(url);
    expect(answer.status).toBe(200);
    const expected = all.filter(match).map((c) => c.client_id);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.json.data.map((c: Json) => c.client_id)).toEqual(expected);
    expect(answer.json.pagination.total).toBe(expected.length);
  });

  it('finds a phone sent with an unencoded + (API Gateway decodes it as a space)', async () => {
    const booked = await postAppointment({
      calendar_id: 1,
      slot_id: slotsD1[1]?.id,
      ...person(16, { client_phone: '+32 470 12 34 56' }),
    });
    expect(booked.status).toBe(200);
    const answer = await get('/clients?phone=+32470123456');
    expect(answer.status).toBe(200);
    expect(answer.json.data.map((c: Json) => c.client_phone)).toEqual(['+32470123456']);
  });

  it('created_from/created_to bound creation dates inclusively', async () => {
    const total = (await get('/clients')).json.pagination.total;
    expect((await get('/clients?created_from=2020-01-01&created_to=2099-12-31')).json.pagination.total).toBe(
      total,
    );
    expect((await get('/clients?created_to=2020-01-01')).json.pagination.total).toBe(0);
    v1Error(await get('/clients?created_from=yesterday'), 400, 'INVALID_DATE_FORMAT');
  });

  it('GET /clients/{n}: the client with updated_at, the clients of a calendar, or 404', async () => {
    const first = (await get('/clients')).json.data[0];
    expect((await get(`/clients/${first.client_id}`)).json.data).toMatchObject({
      client_id: first.client_id,
      updated_at: expect.any(String),
    });
    const ofSecond = await get(`/clients/${second}?search=last`);
    expect(ofSecond.json.meta).toEqual({ calendar_id: second });
    const stored = (await partition(entity.entity_account_id)).filter(
      (i) => i.type === 'appointment' && i.calendar_id === second,
    );
    expect(ofSecond.json.pagination.total).toBe(new Set(stored.map((a) => a.client_id)).size);
    v1Error(await get('/clients/888888'), 404, 'RESOURCE_NOT_FOUND');
  });
});

describe('statistics', () => {
  const recount = async (calendarId?: number) => {
    const stored = (await partition(entity.entity_account_id)).filter(
      (i) => i.type === 'appointment' && (calendarId === undefined || i.calendar_id === calendarId),
    );
    const count = (s: string) => stored.filter((a) => a.status === s).length;
    return { stored, count };
  };

  it('custom period over all calendars equals a recount of the stored appointments', async () => {
    const answer = await get(`/statistics/appointments?period=custom&start_date=${D1}&end_date=${D2}`);
    expect(answer.status).toBe(200);
    const { stored, count } = await recount();
    const inRange = stored.filter((a) => String(a.date) >= D1 && String(a.date) <= D2);
    expect(answer.json.data).toMatchObject({ period: 'custom', start_date: D1, end_date: D2 });
    expect(answer.json.data.summary).toEqual({
      total_appointments: inRange.length,
      confirmed_appointments: count('confirmed'),
      pending_appointments: count('pending'),
      cancelled_appointments: count('cancelled'),
      completed_appointments: count('completed'),
      no_show_appointments: count('no_show'),
      calendars_with_appointments: new Set(inRange.map((a) => a.calendar_id)).size,
      unique_clients: new Set(inRange.map((a) => a.client_id)).size,
      days_with_appointments: new Set(inRange.map((a) => a.date)).size,
      success_rate: expect.closeTo((count('confirmed') + count('completed')) / inRange.length, 3),
    });
    const breakdown = answer.json.data.daily_breakdown as Json[];
    expect(breakdown[0]).toEqual({
      date: D1,
      appointments_count: inRange.filter((a) => a.date === D1).length,
      confirmed_count: expect.any(Number),
      cancelled_count: expect.any(Number),
      no_show_count: inRange.filter((a) => a.date === D1 && a.status === 'no_show').length,
    });
    expect(breakdown.at(-1)?.date).toBe(D2);
    expect(breakdown.reduce((n, d) => n + d.appointments_count, 0)).toBe(inRange.length);
  });

  it('per calendar, with calendar_id in data; every period answers', async () => {
    const answer = await get(`/statistics/${second}?period=custom&start_date=${D2}&end_date=${D2}`);
    const { stored } = await recount(second);
    expect(answer.json.data.calendar_id).toBe(second);
    expect(answer.json.data.summary.total_appointments).toBe(stored.filter((a) => a.date === D2).length);
    for (const period of ['today', 'last7days', 'last15days', 'last30days']) {
      const p = await get(`/statistics/${second}?period=${period}`);
      expect(p.status).toBe(200);
      expect(p.json.data.daily_breakdown).toHaveLength(
        { today: 1, last7days: 7, last15days: 15, last30days: 30 }[period] as number,
      );
    }
    const day = await get(`/statistics/appointments?period=specific_day&date=${D1}&calendar_id=1`);
    expect(day.json.data).toMatchObject({ start_date: D1, end_date: D1 });
  });

  it.each([
    ['/statistics/appointments', 400, 'INVALID_PARAMETER'],
    ['/statistics/appointments?period=yesterday', 400, 'INVALID_PARAMETER'],
    ['/statistics/appointments?period=custom&start_date=2030-01-01', 400, 'INVALID_PARAMETER'],
    [
      '/statistics/appointments?period=custom&start_date=2030-01-01&end_date=2031-01-02',
      400,
      'DATE_RANGE_TOO_LARGE',
    ],
    [
      '/statistics/appointments?period=custom&start_date=2030-13-01&end_date=2030-12-01',
      400,
      'INVALID_DATE_FORMAT',
    ],
    ['/statistics/appointments?period=specific_day', 400, 'INVALID_PARAMETER'],
    ['/statistics/999999?period=today', 404, 'RESOURCE_NOT_FOUND'],
    ['/statistics/abc?period=today', 400, 'INVALID_PARAMETER'],
  ])('%s', async (url, status, code) => {
    v1Error(await get(url), status, code);
  });

  it('calendar report from the calendars’ counters', async () => {
    const answer = await get('/statistics/calendars');
    const items = await partition(entity.entity_account_id);
    const appointments = items.filter((i) => i.type === 'appointment');
    expect(answer.json.data).toMatchObject({
      total_calendars: 2,
      active_calendars: 2,
      inactive_calendars: 0,
      calendars_with_appointments: 2,
    });
    expect(answer.json.data.average_appointments_per_calendar).toBeCloseTo(appointments.length / 2, 3);
    const row = answer.json.data.calendars.find((c: Json) => c.calendar_id === second);
    const slots = items.filter((i) => i.type === 'slot' && i.calendar_id === second);
    const live = appointments.filter((a) => a.calendar_id === second && a.status !== 'cancelled').length;
    expect(row).toEqual({
      calendar_id: second,
      calendar_name: 'Room <B> & "C"',
      appointments_count: appointments.filter((a) => a.calendar_id === second).length,
      slots_count: slots.length,
      utilization_rate: expect.closeTo(live / slots.reduce((n, s) => n + Number(s.capacity), 0), 3),
    });
  });

  it('client report from the counters', async () => {
    const answer = await get('/statistics/clients');
    const items = await partition(entity.entity_account_id);
    const clients = items.filter((i) => i.type === 'client');
    const appointments = items.filter((i) => i.type === 'appointment');
    expect(answer.json.data).toMatchObject({
      total_clients: clients.length,
      clients_with_appointments: clients.length,
      new_clients_last_30_days: clients.length,
      repeat_clients: clients.filter((c) => Number(c.appointments_count) >= 2).length,
      active_clients: new Set(appointments.filter((a) => a.status !== 'cancelled').map((a) => a.client_id))
        .size,
    });
    expect(answer.json.data.average_appointments_per_client).toBeCloseTo(
      appointments.length / clients.length,
      3,
    );
    const top = answer.json.data.top_clients as Json[];
    expect(top.length).toBe(Math.min(10, clients.length));
    expect(top.map((c) => c.appointments_count)).toEqual(
      [...top.map((c) => c.appointments_count)].sort((a, b) => b - a),
    );
    expect(top[0]).toEqual({
      client_id: expect.any(Number),
      client_name: expect.any(String),
      appointments_count: expect.any(Number),
      last_appointment: expect.any(String),
    });
  });
});

describe('formats', () => {
  it('XML: <response> with the envelope as elements, arrays as <item>, text escaped', async () => {
    const answer = await get('/calendars?format=xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><response><success>true<\/success><data><item>/,
    );
    expect(answer.text).toContain('<calendar_name>Room &lt;B&gt; &amp; "C"</calendar_name>');
    expect(answer.text).toContain('<api_version>1.0</api_version>');
    expect(answer.text).toContain('<format>xml</format>');
  });

  it('Accept picks the format; format= wins over Accept; */* and unknown types get JSON', async () => {
    const viaAccept = await get('/calendars', { ...entity.v1, Accept: 'text/csv' });
    expect(viaAccept.headers['content-type']).toBe('text/csv; charset=utf-8');
    const paramWins = await call('GET', '/api/calendars?format=json', {
      headers: { ...entity.v1, Accept: 'application/xml' },
    });
    expect(paramWins.json.format).toBe('json');
    for (const accept of ['*/*', 'image/png']) {
      expect((await get('/calendars', { ...entity.v1, Accept: accept })).json.format).toBe('json');
    }
    v1Error(await get('/calendars?format=yaml'), 400, 'INVALID_PARAMETER');
  });

  it('CSV: header row then one row per item, flattened, formula cells neutralised', async () => {
    const injected = await postAppointment({
      calendar_id: 1,
      slot_id: slotsD1[2]?.id,
      client_firstname: '=HYPERLINK("http://evil")',
      client_lastname: '+cmd|calc',
      client_email: 'csv@acme.fr',
      client_phone: mobile(900),
    });
    expect(injected.status).toBe(200);
    const answer = await get(`/appointments?format=csv&date_from=${D1}&date_to=${D1}`);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = answer.text.split('\r\n');
    expect(lines[0]).toBe(
      'appointment_id,status,created_at,updated_at,slot_id,date,start_time,end_time,calendar_id,calendar_name,client_id,client_firstname,client_lastname,client_email,client_phone,changed_by',
    );
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(answer.text).toContain("'+cmd|calc");
    expect(answer.text).not.toMatch(/(^|,)[=+@-][^,]/m);
  });

  it('CSV of an empty page: the header row alone, the columns every record of the list has', async () => {
    const empty = '&date_from=2031-01-01&date_to=2031-01-01';
    const headers: Array<[string, string]> = [
      [
        `/appointments?format=csv${empty}`,
        'appointment_id,status,created_at,updated_at,slot_id,date,start_time,end_time,calendar_id,calendar_name,client_id,client_firstname,client_lastname,client_email,client_phone',
      ],
      [`/appointments/1?format=csv&status=completed${empty}`, expect.any(String)],
      [
        `/slots?format=csv&calendar_id=1${empty}`,
        'slot_id,calendar_id,date,start_time,end_time,capacity,is_available,booked_appointments,created_at',
      ],
      [
        '/clients?format=csv&search=nobody-has-this',
        'client_id,client_firstname,client_lastname,client_email,client_phone,created_at,appointments_count,last_appointment',
      ],
      ['/clients/1?format=csv&search=nobody-has-this', expect.any(String)],
      [
        '/calendars?format=csv&page=9',
        'calendar_id,calendar_name,widgetID,is_active,created_at,total_appointments,total_slots',
      ],
    ];
    for (const [url, header] of headers) {
      const answer = await get(url);
      expect({ url, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: 'text/csv; charset=utf-8',
      });
      expect({ url, lines: answer.text.split('\r\n') }).toEqual({ url, lines: [header] });
    }
    // The calendar forms have the columns of their list.
    expect((await get(`/appointments/1?format=csv&status=completed${empty}`)).text).toBe(
      (await get(`/appointments?format=csv${empty}`)).text,
    );
    expect((await get('/clients/1?format=csv&search=nobody-has-this')).text).toBe(
      (await get('/clients?format=csv&search=nobody-has-this')).text,
    );
  });

  it('errors come in the requested format', async () => {
    const xml = await get('/calendars/999999?format=xml');
    expect(xml.status).toBe(404);
    expect(xml.text).toContain('<error_code>RESOURCE_NOT_FOUND</error_code>');
    const csv = await get('/calendars/999999?format=csv');
    expect(csv.text.split('\r\n')[0]).toBe(
      'success,data,message,error_code,http_code,api_version,timestamp,format,meta',
    );
    expect(csv.text.split('\r\n')[1]).toMatch(/^false,,.*,RESOURCE_NOT_FOUND,404,1.0,.*,csv,$/);
  });
});

describe('v1 authentication and tenancy', () => {
  it.each([
    ['no token', {}, 'AUTH_REQUIRED'],
    ['a wrong token', { 'Access-Token': 'a'.repeat(64) }, 'AUTH_INVALID'],
    ['the v2 token', () => entity.v2, 'AUTH_INVALID'],
  ])('%s is 401 %s', async (_name, headers, code) => {
    v1Error(await get('/calendars', typeof headers === 'function' ? headers() : headers), 401, code);
  });

  it('another entity sees none of these calendars, slots, appointments or clients', async () => {
    const other = await newEntity();
    const someone = (await get('/appointments')).json.data[0];
    for (const url of [
      `/calendars/${second}`,
      `/slots/${slotsD1[0]?.id}`,
      `/appointments/${someone.appointment_id}`,
      `/clients/${someone.client_id}`,
    ]) {
      v1Error(await get(url, other.v1), 404, 'RESOURCE_NOT_FOUND');
    }
    v1Error(
      await call('PUT', `/api/appointment/${someone.appointment_id}`, {
        headers: other.v1,
        body: { status: 'cancelled' },
      }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect((await get('/clients', other.v1)).json.pagination.total).toBe(0);
  });
});

describe('mixed v1 and v2 race on one slot', () => {
  it('never oversells: v1 and v2 bookings together fill capacity exactly', async () => {
    const racer = await newEntity({ hours: ALWAYS_OPEN });
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: racer.v2,
        body: { date: D1, max_appointments: 5, duration: 240 },
      })
    ).json.data;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? call('POST', '/api/v2/appointments', {
              headers: racer.v2,
              body: { client_name: `V2 Client${i}`, client_phone: mobile(700 + i), slot_id: slot.id },
            })
          : call('POST', '/api/appointment', {
              headers: racer.v1,
              body: { calendar_id: 1, slot_id: slot.id, ...person(700 + i) },
            }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    // Every other request is refused: full (409), or, when the store's transactions kept conflicting on a
    // loaded machine, busy (503, "retry the same request") — never a 500, never a sixth place.
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status).filter((status) => status !== 409 && status !== 503)).toEqual([]);
    expect(refused.filter((a) => a.status === 503).map((a) => a.json.message)).toEqual(
      refused.filter((a) => a.status === 503).map(() => 'the service is busy, retry the same request'),
    );
    expect(await counterDrift(racer.entity_account_id)).toEqual([]);
  });
});
