import { marshall } from '@aws-sdk/util-dynamodb';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { WEEKDAYS, weekdayOf } from '../../../../shared/features/schedule/domain/opening-hours';
import { configChangeOf } from '../../../../shared/features/webhooks/adapters/stream-changes';
import { openDaysService } from '../../../../shared/wiring';
import { type Answer, viaHandler as call } from '../../../support/api';
import {
  ALWAYS_OPEN,
  ALWAYS_OPEN_SLOTS,
  futureWorkingDate,
  LONG_DAYS,
  mobile,
  newEntity,
} from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';
import { sampler } from '../../../support/sample';

/**
 * Services and staff (issue 29, docs/CONTRACT.md#services-and-staff): calendars as staff with their own
 * hours, services of a length performed by some of them, availability of a service, and bookings that
 * take one place in every slot a service covers, through the handlers and DynamoDB Local.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
type Json = Record<string, unknown>;
const ORIGIN = 'https://salon.example.fr';

const v2 = (entity: Entity | Record<string, string>, method: string, path: string, body?: unknown) =>
  call(method, `/api/v2${path}`, {
    headers: 'v2' in entity ? (entity as Entity).v2 : (entity as Record<string, string>),
    ...(body === undefined ? {} : { body }),
  });
const ok = (answer: Answer) => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json.data;
};
/** A v2 error: the status, the message, and the code given (else any code of the form). */
const expectError = (
  answer: Answer,
  status: number,
  message: string | RegExp,
  code: string | RegExp = /^[A-Z_]+$/,
) => {
  expect({ status: answer.status, json: answer.json }).toEqual({
    status,
    json: {
      success: false,
      data: [],
      message: expect.stringMatching(message),
      code: typeof code === 'string' ? code : expect.stringMatching(code),
    },
  });
};
/** The default calendar made with the entity: the first (lowest id) of its calendars. */
const defaultCalendarOf = async (entity: Entity): Promise<number> =>
  ((ok(await v2(entity, 'GET', '/calendars')) as Json[])[0] as Json).id as number;
const times = (starts: Json[]) => starts.map((s) => `${s.start_time}@${s.calendar_name}`);

/** A salon: Alice (the default calendar, the entity's hours 08-12, 13-20) and Bruno (13:00-18:00 on `date`). */
async function salon(date: string) {
  const entity = await newEntity({ hours: LONG_DAYS, settings: { max_appointments: 1 } });
  const alice = await defaultCalendarOf(entity);
  ok(await v2(entity, 'POST', '/calendars/update', { id: alice, name: 'Alice' }));
  const bruno = ok(await v2(entity, 'POST', '/calendars', { name: 'Bruno' })).id as number;
  ok(
    await v2(entity, 'POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: weekdayOf(date),
      start_time1: '13:00:00',
      end_time1: '18:00:00',
    }),
  );
  ok(await v2(entity, 'POST', '/calendar-slots/generate', { date }));
  ok(await v2(entity, 'POST', '/calendar-slots/generate', { date, calendar_id: bruno }));
  const cut = ok(
    await v2(entity, 'POST', '/services', { name: 'Cut', duration: 30, price: 25, currency: 'eur' }),
  );
  const colour = ok(
    await v2(entity, 'POST', '/services', { name: 'Colour', duration: 90, calendar_ids: [bruno] }),
  );
  return { entity, alice, bruno, cut: cut.id as number, colour: colour.id as number };
}

const booking = (service: number, date: string, start: string, i: number, extra: Json = {}) => ({
  client_name: `Client ${i}`,
  client_phone: mobile(900 + i),
  service_id: service,
  date,
  start_time: start,
  ...extra,
});

describe('services and staff: the salon', () => {
  const date = futureWorkingDate(41);
  let s: Awaited<ReturnType<typeof salon>>;
  beforeAll(async () => {
    s = await salon(date);
  });

  it('lists the staff and the services, and each calendar its own hours', async () => {
    expect(ok(await v2(s.entity, 'GET', '/calendars'))).toEqual([
      // The secret token sees each staff member's address (none set here): docs/CONTRACT.md#services-and-staff.
      { id: s.alice, name: 'Alice', active: true, email: null },
      { id: s.bruno, name: 'Bruno', active: true, email: null },
    ]);
    expect(ok(await v2(s.entity, 'GET', '/services'))).toEqual([
      {
        id: s.cut,
        name: 'Cut',
        duration: 30,
        calendar_ids: [s.alice, s.bruno],
        price: 25,
        currency: 'EUR',
        description: null,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        min_notice_minutes: null,
        max_days_ahead: null,
      },
      {
        id: s.colour,
        name: 'Colour',
        duration: 90,
        calendar_ids: [s.bruno],
        price: null,
        currency: 'EUR',
        description: null,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        min_notice_minutes: null,
        max_days_ahead: null,
      },
    ]);
    const day = weekdayOf(date);
    const brunoWeek = ok(await v2(s.entity, 'GET', `/opening-hours?calendar_id=${s.bruno}`)) as Json[];
    expect(brunoWeek.find((d) => d.day_of_week === day)).toMatchObject({
      start_time1: '13:00:00',
      end_time1: '18:00:00',
      is_open: 1,
    });
    // The entity's week (and so Alice's, who has none of her own) is unchanged.
    const entityWeek = ok(await v2(s.entity, 'GET', '/opening-hours')) as Json[];
    expect(entityWeek.find((d) => d.day_of_week === day)).toMatchObject({ start_time1: '08:00:00' });
    expect(ok(await v2(s.entity, 'GET', `/opening-hours?calendar_id=${s.alice}`))).toEqual(entityWeek);
    // Generation followed each calendar's hours: Bruno 13:00-18:00, Alice 08-12 and 13-20.
    const brunoSlots = ok(
      await v2(s.entity, 'GET', `/calendar-slots?date=${date}&calendar_id=${s.bruno}`),
    ) as Json[];
    expect(brunoSlots.map((x) => x.start_time)).toEqual([
      '13:00:00',
      '13:30:00',
      '14:00:00',
      '14:30:00',
      '15:00:00',
      '15:30:00',
      '16:00:00',
      '16:30:00',
      '17:00:00',
      '17:30:00',
    ]);
    expect(ok(await v2(s.entity, 'GET', `/calendar-slots?date=${date}`))).toHaveLength(22);
  });

  it('availability respects hours, who performs the service, and bookings; a cancel frees every slot', async () => {
    const colour = ok(
      await v2(s.entity, 'GET', `/availability?service_id=${s.colour}&from=${date}&to=${date}`),
    ) as Json[];
    expect(times(colour)).toEqual(
      ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'].map((t) => `${t}:00@Bruno`),
    );
    expect(colour[0]).toEqual({
      date,
      start_time: '13:00:00',
      end_time: '14:30:00',
      calendar_id: s.bruno,
      calendar_name: 'Bruno',
      price: null,
      currency: 'EUR',
    });
    // Alice does not perform the colour.
    expect(
      ok(
        await v2(
          s.entity,
          'GET',
          `/availability?service_id=${s.colour}&from=${date}&to=${date}&calendar_id=${s.alice}`,
        ),
      ),
    ).toEqual([]);
    const cut = ok(await v2(s.entity, 'GET', `/availability?service_id=${s.cut}&from=${date}&to=${date}`));
    expect(cut).toHaveLength(22 + 10);
    expect(times(cut).slice(0, 2)).toEqual(['08:00:00@Alice', '08:30:00@Alice']);
    expect(times(cut).filter((t) => t.startsWith('13:00'))).toEqual(['13:00:00@Alice', '13:00:00@Bruno']);

    // Colour at 14:00 with Bruno: three slots, one transaction.
    const booked = await v2(s.entity, 'POST', '/appointments', booking(s.colour, date, '14:00', 1));
    const appointment = ok(booked);
    const slotIds = appointment.slot_ids as number[];
    expect(appointment).toMatchObject({
      service_id: s.colour,
      calendar_id: s.bruno,
      date,
      start_time: '14:00:00',
      end_time: '15:30:00',
      status: 'confirmed',
      max_appointments: 1,
      available_slots: 0,
    });
    expect(slotIds).toHaveLength(3);
    expect(appointment.slot_id).toBe(slotIds[0]);
    const after = ok(
      await v2(s.entity, 'GET', `/availability?service_id=${s.colour}&from=${date}&to=${date}`),
    );
    expect(times(after)).toEqual(['15:30:00@Bruno', '16:00:00@Bruno', '16:30:00@Bruno']);
    // The same start again: every place of the run is taken.
    expectError(
      await v2(s.entity, 'POST', '/appointments', booking(s.colour, date, '14:30', 2)),
      409,
      /^slot not available: full$/,
    );

    // v1 shows what was booked: the service, its name and its true end.
    const v1 = await call('GET', `/api/appointments/${appointment.id}`, { headers: s.entity.v1 });
    expect(v1.status).toBe(200);
    expect(v1.json.data).toMatchObject({
      service_id: s.colour,
      service_name: 'Colour',
      calendar_name: 'Bruno',
      end_time: '15:30:00',
      slot_id: slotIds[0],
    });
    const calendarStats = await call('GET', `/api/calendars/${s.bruno}`, { headers: s.entity.v1 });
    expect(calendarStats.status).toBe(200);

    // Cancelling by token gives back every place.
    const cancelled = ok(
      await v2(s.entity, 'POST', '/appointments/cancel', { cancel_token: appointment.cancel_token }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', slot_ids: slotIds, available_slots: 1 });
    const slots = ok(
      await v2(s.entity, 'GET', `/calendar-slots?date=${date}&calendar_id=${s.bruno}`),
    ) as Json[];
    expect(slots.filter((x) => slotIds.includes(x.id as number)).map((x) => x.available_slots)).toEqual([
      1, 1, 1,
    ]);
    expect(
      ok(await v2(s.entity, 'GET', `/availability?service_id=${s.colour}&from=${date}&to=${date}`)),
    ).toHaveLength(8);
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
  });

  it('"anyone" goes to a free calendar with the fewest appointments that day, then the lowest id', async () => {
    const day = futureWorkingDate(42);
    const t = await salon(day);
    const anyone = async (start: string, i: number) =>
      ok(await v2(t.entity, 'POST', '/appointments', booking(t.cut, day, start, i))) as Json;
    // Bruno holds a colour 14:00-15:30.
    ok(await v2(t.entity, 'POST', '/appointments', booking(t.colour, day, '14:00', 10)));
    // Alice has none, Bruno one: Alice.
    expect((await anyone('16:00', 11)).calendar_id).toBe(t.alice);
    // One each: the lowest id, Alice.
    expect((await anyone('16:30', 12)).calendar_id).toBe(t.alice);
    // Alice two, Bruno one: Bruno.
    expect((await anyone('17:00', 13)).calendar_id).toBe(t.bruno);
    // Alice's 16:00 is taken: Bruno, although a tie would give Alice.
    expect((await anyone('16:00', 14)).calendar_id).toBe(t.bruno);
    // Bruno is busy with the colour at 14:30: Alice, whatever the counts.
    expect((await anyone('14:30', 15)).calendar_id).toBe(t.alice);
    // Nobody left at 16:00.
    expectError(
      await v2(t.entity, 'POST', '/appointments', booking(t.cut, day, '16:00', 16)),
      409,
      /^slot not available: full$/,
    );
    // Outside every calendar's hours: no slot there.
    expectError(
      await v2(t.entity, 'POST', '/appointments', booking(t.cut, day, '12:30', 17)),
      404,
      /^slot not found$/,
    );
    // A calendar that does not perform the service is refused.
    expectError(
      await v2(
        t.entity,
        'POST',
        '/appointments',
        booking(t.colour, day, '16:00', 18, { calendar_id: t.alice }),
      ),
      400,
      /^calendar_id: this calendar does not perform the service$/,
    );
    expect(await counterDrift(t.entity.entity_account_id)).toEqual([]);
  });

  it('v1 PUT cancels a service appointment (every place back) and moves it with its length', async () => {
    const day = futureWorkingDate(43);
    const t = await salon(day);
    const a = ok(await v2(t.entity, 'POST', '/appointments', booking(t.colour, day, '13:00', 20))) as Json;
    const slots = ok(
      await v2(t.entity, 'GET', `/calendar-slots?date=${day}&calendar_id=${t.bruno}`),
    ) as Json[];
    const at = (time: string) => slots.find((x) => x.start_time === time)?.id as number;
    // Move to 16:00: 16:00, 16:30 and 17:00 are taken, 13:00-14:00 given back.
    const moved = await call('PUT', `/api/appointment/${a.id}`, {
      headers: t.entity.v1,
      body: { slot_id: at('16:00:00') },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data.appointment).toMatchObject({ start_time: '16:00:00', end_time: '17:30:00' });
    const taken = async () =>
      (ok(await v2(t.entity, 'GET', `/calendar-slots?date=${day}&calendar_id=${t.bruno}`)) as Json[])
        .filter((x) => x.available_slots === 0)
        .map((x) => x.start_time);
    expect(await taken()).toEqual(['16:00:00', '16:30:00', '17:00:00']);
    // Move by less than its length (overlapping itself): 16:30-18:00.
    const shifted = await call('PUT', `/api/appointment/${a.id}`, {
      headers: t.entity.v1,
      body: { slot_id: at('16:30:00') },
    });
    expect(shifted.status).toBe(200);
    expect(await taken()).toEqual(['16:30:00', '17:00:00', '17:30:00']);
    // Past Bruno's hours there is no run long enough.
    const tooLate = await call('PUT', `/api/appointment/${a.id}`, {
      headers: t.entity.v1,
      body: { slot_id: at('17:30:00') },
    });
    expect(tooLate.status).toBe(409);
    const cancelled = await call('PUT', `/api/appointment/${a.id}`, {
      headers: t.entity.v1,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(await taken()).toEqual([]);
    expect(await counterDrift(t.entity.entity_account_id)).toEqual([]);
  });

  it('20 concurrent overlapping bookings never put two appointments in one place', async () => {
    const day = futureWorkingDate(44);
    const t = await salon(day);
    const starts = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        v2(
          t.entity,
          'POST',
          '/appointments',
          booking(t.colour, day, starts[i % starts.length] ?? '', 100 + i),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    const items = await partition(t.entity.entity_account_id);
    const live = items.filter((i) => i.type === 'appointment' && i.status !== 'cancelled');
    const holders = new Map<number, number>();
    for (const a of live)
      for (const id of a.slot_ids as number[]) holders.set(id, (holders.get(id) ?? 0) + 1);
    for (const slot of items.filter((i) => i.type === 'slot' && i.calendar_id === t.bruno)) {
      const held = holders.get(slot.slot_id as number) ?? 0;
      expect({ slot: slot.slot_id, held }).toEqual({ slot: slot.slot_id, held: Math.min(held, 1) });
      expect(slot.taken).toBe(held);
    }
    expect(await counterDrift(t.entity.entity_account_id)).toEqual([]);
    // Whatever won, what is left is exactly what availability says.
    const left = ok(await v2(t.entity, 'GET', `/availability?service_id=${t.colour}&from=${day}&to=${day}`));
    for (const start of left as Json[]) {
      const begins = String(start.start_time);
      expect(
        live.some((a) => String(a.start_time) < String(start.end_time) && begins < String(a.end_time)),
      ).toBe(false);
    }
  });
});

describe('services and staff: management', () => {
  let entity: Entity;
  let main: number;
  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN });
    main = await defaultCalendarOf(entity);
  });

  it('calendars: create, rename, deactivate; the default one stays active', async () => {
    const created = ok(await v2(entity, 'POST', '/calendars', { name: '  Chloé  ' }));
    expect(created).toEqual({ id: expect.any(Number), name: 'Chloé', active: true, email: null });
    expect(ok(await v2(entity, 'POST', '/calendars/update', { id: created.id, active: false }))).toEqual({
      ...created,
      active: false,
    });
    expect((ok(await v2(entity, 'GET', '/calendars')) as Json[]).map((c) => c.active)).toEqual([true, false]);
    expectError(
      await v2(entity, 'POST', '/calendars/update', { id: main, active: false }),
      409,
      /^the default calendar cannot be deactivated$/,
    );
    // An inactive calendar is offered for nothing and cannot be booked.
    const service = ok(await v2(entity, 'POST', '/services', { name: 'Any', duration: 30 }));
    expect(service.calendar_ids).toEqual([main]);
    expectError(
      await v2(
        entity,
        'GET',
        `/availability?service_id=${service.id}&from=2030-01-01&to=2030-01-02&calendar_id=${created.id}`,
      ),
      404,
      /^calendar not found or inactive$/,
    );
    // v1 sees the same calendars.
    const v1 = await call('GET', '/api/calendars', { headers: entity.v1 });
    expect((v1.json.data as Json[]).map((c) => c.calendar_name)).toContain('Chloé');
  });

  it('services: create, change, clear, delete (its appointments stay)', async () => {
    const date = futureWorkingDate(45);
    const made = ok(
      await v2(entity, 'POST', '/services', {
        name: 'Massage',
        duration: '60',
        calendar_ids: [main, main],
        price: '4990',
        currency: 'chf',
        description: ' Relaxing ',
      }),
    );
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'Massage',
      duration: 60,
      calendar_ids: [main],
      price: 4990,
      currency: 'CHF',
      description: 'Relaxing',
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: null,
      max_days_ahead: null,
    });
    const changed = ok(
      await v2(entity, 'POST', '/services/update', {
        id: made.id,
        duration: 45,
        price: null,
        description: null,
      }),
    );
    expect(changed).toEqual({ ...made, duration: 45, price: null, description: null });
    ok(await v2(entity, 'POST', '/calendar-slots/generate', { date, duration: 15 }));
    const booked = ok(
      await v2(entity, 'POST', '/appointments', {
        client_name: 'Eve Martin',
        client_phone: mobile(77),
        service_id: made.id,
        date,
        start_time: '09:00:00',
      }),
    );
    expect(booked.slot_ids).toHaveLength(3);
    expect(booked.end_time).toBe('09:45:00');
    expect(ok(await v2(entity, 'POST', '/services/delete', { id: made.id }))).toEqual([]);
    expectError(await v2(entity, 'POST', '/services/delete', { id: made.id }), 404, /^service not found$/);
    expectError(
      await v2(entity, 'POST', '/services/update', { id: made.id, name: 'x' }),
      404,
      /^service not found$/,
    );
    const v1 = await call('GET', `/api/appointments/${booked.id}`, { headers: entity.v1 });
    expect(v1.json.data).toMatchObject({
      service_id: made.id,
      service_name: 'Massage',
      end_time: '09:45:00',
    });
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });

  it('existing slot routes find a slot of any calendar; calendar_id narrows them', async () => {
    const date = futureWorkingDate(46);
    const other = ok(await v2(entity, 'POST', '/calendars', { name: 'Room 2' }));
    const slots = ok(
      await v2(entity, 'POST', '/calendar-slots/generate', {
        date,
        calendar_id: other.id,
        max_appointments: 2,
      }),
    ) as Json[];
    const slot = slots[0] as Json;
    expect(ok(await v2(entity, 'GET', `/calendar-slots?date=${date}`))).toEqual([]);
    expectError(
      await v2(entity, 'POST', '/calendar-slots/update', {
        slot_id: slot.id,
        calendar_id: main,
        status: 'closed',
      }),
      404,
      /^slot not found$/,
    );
    expect(
      ok(await v2(entity, 'POST', '/calendar-slots/update', { slot_id: slot.id, max_appointments: 3 })),
    ).toMatchObject({ id: slot.id, max_appointments: 3 });
    // Booking by slot id, with or without calendar_id.
    const booked = ok(
      await v2(entity, 'POST', '/appointments', {
        client_name: 'Ann Lee',
        client_phone: mobile(78),
        slot_id: slot.id,
      }),
    );
    expect(booked).not.toHaveProperty('service_id');
    expect(booked.available_slots).toBe(2);
    expectError(
      await v2(entity, 'POST', '/appointments', {
        client_name: 'Ann Lee',
        client_phone: mobile(78),
        slot_id: slot.id,
        calendar_id: main,
      }),
      404,
      /^slot not found$/,
    );
    expect(
      ok(await v2(entity, 'POST', '/calendar-slots/delete', { slot_id: (slots[1] as Json).id })),
    ).toEqual([]);
  });
});

describe('services and staff: isolation, scope and hostile input', () => {
  let a: Entity;
  let b: Entity;
  let theirs: { calendar: number; service: number; slot: number };
  let mainOfA: number;
  const date = futureWorkingDate(47);
  beforeAll(async () => {
    [a, b] = await Promise.all([newEntity({ hours: ALWAYS_OPEN }), newEntity({ hours: ALWAYS_OPEN })]);
    const calendar = ok(await v2(b, 'POST', '/calendars', { name: 'Theirs' })).id as number;
    const service = ok(await v2(b, 'POST', '/services', { name: 'Theirs', duration: 30 })).id as number;
    const slot = (
      ok(await v2(b, 'POST', '/calendar-slots/generate', { date, calendar_id: calendar })) as Json[]
    )[0]?.id as number;
    theirs = { calendar, service, slot };
    mainOfA = await defaultCalendarOf(a);
  });

  it("another tenant's calendar, service or slot is 404", async () => {
    const { calendar, service, slot } = theirs;
    // Ids are per entity: these must be ids A does not have at all for the test to mean anything.
    expect(ok(await v2(a, 'GET', '/calendars')) as Json[]).toHaveLength(1);
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['GET', `/opening-hours?calendar_id=${calendar}`, undefined, /^calendar not found or inactive$/],
      [
        'POST',
        '/opening-hours/update',
        { calendar_id: calendar, day_of_week: 'mon', is_open: 0 },
        /^calendar not found/,
      ],
      ['POST', '/calendars/update', { id: calendar, name: 'Mine' }, /^calendar not found/],
      ['GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`, undefined, /^calendar not found/],
      ['POST', '/calendar-slots/generate', { date, calendar_id: calendar }, /^calendar not found/],
      ['POST', '/calendar-slots/update', { slot_id: slot, status: 'closed' }, /^slot not found$/],
      ['POST', '/calendar-slots/delete', { slot_id: slot }, /^slot not found$/],
      ['POST', '/services', { name: 'X', duration: 30, calendar_ids: [calendar] }, /^calendar not found/],
      ['POST', '/services/update', { id: service, name: 'Mine' }, /^service not found$/],
      ['POST', '/services/delete', { id: service }, /^service not found$/],
      [
        'GET',
        `/availability?service_id=${service}&from=${date}&to=${date}`,
        undefined,
        /^service not found$/,
      ],
      [
        'POST',
        '/appointments',
        { client_name: 'X Y', client_phone: mobile(1), service_id: service, date, start_time: '09:00' },
        /^service not found$/,
      ],
      [
        'POST',
        '/appointments',
        { client_name: 'X Y', client_phone: mobile(1), slot_id: slot },
        /^slot not found$/,
      ],
      [
        'POST',
        '/appointments',
        { client_name: 'X Y', client_phone: mobile(1), slot_id: slot, calendar_id: calendar },
        /^calendar not found/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await v2(a, method, path, body);
      expect({ method, path, status: answer.status, message: answer.json?.message }).toEqual({
        method,
        path,
        status: 404,
        message: expect.stringMatching(message),
      });
    }
    // Nothing of theirs moved.
    const slots = ok(await v2(b, 'GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`)) as Json[];
    expect(slots[0]).toMatchObject({ id: slot, status: 'open', available_slots: 1 });
    expect((ok(await v2(b, 'GET', '/services')) as Json[]).map((x) => x.name)).toEqual(['Theirs']);
    expect((ok(await v2(a, 'GET', '/services')) as Json[]).length).toBe(0);
  });

  it('a publishable key reads calendars, services and availability and books a service, and nothing more', async () => {
    const key = ok(await v2(a, 'POST', '/keys', { name: 'widget', allowed_origins: [ORIGIN] })).key as string;
    const pk = { 'Access-Token': key, Origin: ORIGIN };
    // Generated only now: ids are per entity, so before this A had no slot with the ids of B's slots.
    ok(await v2(a, 'POST', '/calendar-slots/generate', { date }));
    const hidden = ok(await v2(a, 'POST', '/calendars', { name: 'Hidden' }));
    ok(await v2(a, 'POST', '/calendars/update', { id: hidden.id, active: false }));
    const service = ok(await v2(a, 'POST', '/services', { name: 'Quick', duration: 60 }));
    expect((ok(await v2(pk, 'GET', '/calendars')) as Json[]).map((c) => c.id)).toEqual([mainOfA]);
    expect((ok(await v2(pk, 'GET', '/services')) as Json[]).map((x) => x.id)).toEqual([service.id]);
    const starts = ok(
      await v2(pk, 'GET', `/availability?service_id=${service.id}&from=${date}&to=${date}`),
    ) as Json[];
    expect(starts[0]).toMatchObject({ start_time: '08:00:00', end_time: '09:00:00' });
    const booked = ok(
      await v2(pk, 'POST', '/appointments', {
        client_name: 'Web Visitor',
        client_phone: mobile(5),
        service_id: service.id,
        date,
        start_time: '08:00',
      }),
    );
    expect(booked.slot_ids).toHaveLength(2);
    for (const [method, path, body] of [
      ['POST', '/calendars', { name: 'x' }],
      ['POST', '/calendars/update', { id: 1, name: 'x' }],
      ['POST', '/services', { name: 'x', duration: 30 }],
      ['POST', '/services/update', { id: service.id, name: 'x' }],
      ['POST', '/services/delete', { id: service.id }],
    ] as const) {
      expectError(
        await v2(pk, method, path, body),
        403,
        /^a publishable key may not do this: use the secret token of the entity$/,
      );
    }
  });

  it('hostile input is a 400 in the v2 envelope, never a 500', async () => {
    const long = 'x'.repeat(2000);
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/calendars', {}, /^name: is required$/],
      ['POST', '/calendars', { name: ['a'] }, /^name: must be a string$/],
      ['POST', '/calendars', { name: long }, /^name: must be at most 100 characters$/],
      ['POST', '/calendars/update', { id: 'one' }, /^id: must be an integer$/],
      ['POST', '/calendars/update', { id: 1, active: 'maybe' }, /^active: must be true or false$/],
      ['POST', '/services', { name: 'x' }, /^duration: is required$/],
      ['POST', '/services', { name: 'x', duration: 4 }, /^duration: must be at least 5$/],
      ['POST', '/services', { name: 'x', duration: 721 }, /^duration: must be at most 720$/],
      ['POST', '/services', { name: 'x', duration: 1e300 }, /^duration: must be an integer$/],
      [
        'POST',
        '/services',
        { name: 'x', duration: 30, calendar_ids: 'all' },
        /^calendar_ids: must be a list/,
      ],
      ['POST', '/services', { name: 'x', duration: 30, calendar_ids: [] }, /^calendar_ids: must be a list/],
      [
        'POST',
        '/services',
        { name: 'x', duration: 30, calendar_ids: [0] },
        /^calendar_ids: must be a list of calendar ids/,
      ],
      ['POST', '/services', { name: 'x', duration: 30, price: -1 }, /^price: must be a whole number/],
      ['POST', '/services', { name: 'x', duration: 30, price: 'free' }, /^price: must be a whole number/],
      [
        'POST',
        '/services',
        { name: 'x', duration: 30, price: 49.9 },
        /^price: must be a whole number of the currency's minor units/,
      ],
      ['POST', '/services', { name: 'x', duration: 30, price: '49.90' }, /^price: must be a whole number/],
      ['POST', '/services', { name: 'x', duration: 30, currency: 'EURO' }, /^currency: must be an ISO 4217/],
      [
        'POST',
        '/services',
        { name: 'x', duration: 30, description: long },
        /^description: must be at most 1000/,
      ],
      [
        'POST',
        '/services',
        { name: 'x', duration: 30, description: { a: 1 } },
        /^description: must be a string/,
      ],
      ['POST', '/services/update', { name: 'x' }, /^id: is required$/],
      ['POST', '/services/delete', { id: -3 }, /^id: must be at least 1$/],
      ['GET', '/availability?from=2030-01-01&to=2030-01-02', undefined, /^service_id: is required$/],
      ['GET', '/availability?service_id=1&from=2030-01-01&to=2030-05-02', undefined, /62 days/],
      [
        'GET',
        '/availability?service_id=1&from=2030-01-05&to=2030-01-02',
        undefined,
        /^to: must not be before from$/,
      ],
      [
        'GET',
        '/availability?service_id=1&from=2030-02-30&to=2030-03-02',
        undefined,
        /invalid date, expected YYYY-MM-DD$/,
      ],
      ['GET', `/opening-hours?calendar_id=abc`, undefined, /^calendar_id: must be an integer$/],
      [
        'POST',
        '/appointments',
        { client_name: 'X Y', client_phone: mobile(2), service_id: 1, start_time: '09:00' },
        /^date: is required$/,
      ],
      [
        'POST',
        '/appointments',
        { client_name: 'X Y', client_phone: mobile(2), service_id: 1, date, start_time: '25:00' },
        /^start_time: must be a time HH:MM:SS$/,
      ],
      ['POST', '/appointments', { client_name: 'X Y', client_phone: mobile(2) }, /^slot_id: is required$/],
      ['POST', '/calendar-slots/generate', { date, calendar_id: 'x' }, /^calendar_id: must be an integer$/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await v2(a, method, path, body);
      expect({ method, path, body, status: answer.status, message: answer.json?.message }).toEqual({
        method,
        path,
        body,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
  });

  it('absurd values in every new field never give a 5xx and always the v2 envelope', async () => {
    const absurd: unknown[] = [
      null,
      true,
      -1,
      0,
      1.5,
      1e308,
      '',
      ' ',
      'x'.repeat(5000),
      '\u0000\u001b[31m',
      '9999-99-99',
      "'; DROP TABLE x; --",
      '{"$ne": null}',
      [],
      [1, 'a'],
      ['2026-01-01'],
      { nested: { a: 1 } },
    ];
    const valid: Record<string, Json> = {
      '/calendars': { name: 'X' },
      '/calendars/update': { id: mainOfA, name: 'X' },
      '/services': { name: 'X', duration: 30 },
      '/services/update': { id: 999999, name: 'X' },
      '/services/delete': { id: 999999 },
      '/appointments': {
        client_name: 'X Y',
        client_phone: mobile(3),
        service_id: 999999,
        date,
        start_time: '09:00',
      },
    };
    const fieldsOf: Record<string, string[]> = {
      '/calendars': ['name'],
      '/calendars/update': ['id', 'name', 'active'],
      '/services': ['name', 'duration', 'calendar_ids', 'price', 'currency', 'description'],
      '/services/update': ['id', 'duration', 'calendar_ids', 'price'],
      '/services/delete': ['id'],
      '/appointments': ['service_id', 'date', 'start_time', 'calendar_id'],
    };
    // Each field with one value and each value with one field, another sample each run (157 requests; every
    // pair was 419): the seed is in each failure's label, HOSTILE_SEED=<seed> runs the same sample again.
    const sample = sampler('HOSTILE_SEED');
    for (const [path, base] of Object.entries(valid))
      for (const [field, value] of sample.pairs(fieldsOf[path] ?? [], absurd, `POST ${path}`)) {
        const answer = await v2(a, 'POST', path, { ...base, [field]: value });
        const where = `POST ${path} ${field}=${JSON.stringify(value).slice(0, 40)}: ${answer.status} (${sample.label})`;
        const envelope = answer.status === 200 ? 'data,message,success' : 'code,data,message,success';
        expect({
          where,
          ok: answer.status < 500 && Object.keys(answer.json).sort().join() === envelope,
        }).toEqual({ where, ok: true });
      }
    for (const path of [
      '/availability?service_id=1&from=2030-01-01&to=2030-01-02',
      '/calendar-slots?date=2030-01-01',
      '/opening-hours?x=1',
    ])
      for (const [field, value] of sample.pairs(
        ['service_id', 'from', 'to', 'calendar_id'],
        ['0', '-1', 'abc', '99999999999999999999', '%00', '1e3', '2030-02-30', ''],
        `GET ${path}`,
      )) {
        const answer = await v2(a, 'GET', `${path}&${field}=${value}`);
        const where = `GET ${path}&${field}=${value}: ${answer.status} (${sample.label})`;
        expect({ where, ok: answer.status < 500 && answer.json.success !== undefined }).toEqual({
          where,
          ok: true,
        });
      }
  }, 300_000); // a long loop of requests: room for a machine shared with the rest of the suite
});

describe('services and staff: open days', () => {
  it('open every active calendar from its own hours; a new or reactivated calendar wakes the run', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const main = await defaultCalendarOf(entity);
    const staff = ok(await v2(entity, 'POST', '/calendars', { name: 'Mornings' })).id as number;
    for (const day of WEEKDAYS)
      ok(
        await v2(entity, 'POST', '/opening-hours/update', {
          calendar_id: staff,
          day_of_week: day,
          start_time1: '08:00',
          end_time1: '10:00',
        }),
      );
    const idle = ok(await v2(entity, 'POST', '/calendars', { name: 'Away' })).id as number;
    ok(await v2(entity, 'POST', '/calendars/update', { id: idle, active: false }));
    ok(await v2(entity, 'POST', '/settings', { open_days_ahead: 2 }));
    await openDaysService().openEntity(entity.entity_account_id);
    const today = todayIn('Europe/Paris');
    const count = async (calendar: number) =>
      (
        ok(
          await v2(
            entity,
            'GET',
            `/calendar-slots?from=${today}&to=${addDays(today, 1)}&calendar_id=${calendar}`,
          ),
        ) as Json[]
      ).length;
    // Whatever the hour, tomorrow is whole: a day of the entity's hours, 4 slots for 08:00-10:00.
    expect(await count(main)).toBeGreaterThanOrEqual(ALWAYS_OPEN_SLOTS);
    expect(await count(staff)).toBeGreaterThanOrEqual(4);
    expect(await count(staff)).toBeLessThanOrEqual(8);
    expect(await count(idle)).toBe(0);
    // What wakes the run from the stream: a calendar's own hours, a new calendar, one activated again.
    const pk = `E#${entity.entity_account_id}`;
    const record = (after: Json | null, before: Json | null = null) => ({
      dynamodb: {
        ...(after ? { NewImage: marshall(after) } : {}),
        ...(before ? { OldImage: marshall(before) } : {}),
      },
    });
    expect(configChangeOf(record({ pk, type: 'calendar-hours' }))).toBe(entity.entity_account_id);
    expect(configChangeOf(record({ pk, type: 'calendar', is_active: true }))).toBe(entity.entity_account_id);
    expect(
      configChangeOf(
        record({ pk, type: 'calendar', is_active: true }, { pk, type: 'calendar', is_active: false }),
      ),
    ).toBe(entity.entity_account_id);
    // A booking's counters on a calendar do not.
    expect(
      configChangeOf(
        record({ pk, type: 'calendar', is_active: true }, { pk, type: 'calendar', is_active: true }),
      ),
    ).toBeNull();
  });
});
