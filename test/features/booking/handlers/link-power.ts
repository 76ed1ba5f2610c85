import { type Answer, startHttp, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift } from '../../../support/invariants';

/**
 * Issue 58, point 4: a client's link has a client's power only. Lookup, reschedule and cancel by cancel
 * token answer 409 once the appointment is cancelled, completed or started; a service's appointment moves
 * by link only to a calendar that performs the service; a used-up cancel token opens no read (401); the
 * business's own token keeps every power.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;
const ORIGIN = 'https://www.example.fr';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
const expectError = (answer: Answer, status: number, message: string | RegExp, code: string) => {
  expect({ status: answer.status, json: answer.json }).toEqual({
    status,
    json: { success: false, data: [], message: expect.stringMatching(message), code },
  });
};
const ok = (answer: Answer): Json => {
  expect(answer.status).toBe(200);
  return answer.json.data;
};

describe("a client's link has a client's power only", () => {
  let entity: Entity;
  let key: Record<string, string>;
  let date: string;
  let slots: Json[];
  let n = 0;
  const book = async (slotId: number) =>
    ok(
      await v2('POST', '/appointments', key, {
        client_name: `Client ${++n}`,
        client_phone: mobile(300 + n),
        slot_id: slotId,
      }),
    ) as { id: number; cancel_token: string };
  /** Every call a cancel token makes: the appointment's own, and the manage page's reads with it as credential. */
  const linkCalls = (token: string, slotId: number) => {
    const asToken = { 'Access-Token': token };
    return {
      lookup: (h = key) => v2('POST', '/appointments/lookup', h, { cancel_token: token }),
      move: (h = key) => v2('POST', '/appointments/reschedule', h, { cancel_token: token, slot_id: slotId }),
      cancel: (h = key) => v2('POST', '/appointments/cancel', h, { cancel_token: token }),
      reads: () =>
        Promise.all(
          [
            `/calendar-slots?date=${date}`,
            `/availability?service_id=1&from=${date}&to=${date}`,
            '/business',
          ].map((path) => v2('GET', path, asToken)),
        ),
      asToken,
    };
  };
  const expectNoReads = async (reads: Answer[]) => {
    for (const read of reads) expectError(read, 401, /^invalid access token$/, 'AUTH_INVALID');
  };

  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN });
    const created = ok(await v2('POST', '/keys', entity.v2, { name: 'site', allowed_origins: [ORIGIN] }));
    key = { 'Access-Token': created.key, Origin: ORIGIN };
    date = futureWorkingDate(45);
    slots = ok(await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 2 }));
  });

  it('a live link opens its reads; once cancelled, lookup, move and cancel are 409 and it opens nothing', async () => {
    const mine = await book(slots[0].id);
    const link = linkCalls(mine.cancel_token, slots[1].id);
    const live = await link.reads();
    expect(live.map((r) => r.status)).toEqual([200, 404, 200]); // no service 1 yet: 404, not 401
    ok(await link.cancel(link.asToken));
    for (const h of [key, link.asToken]) {
      expectError(await link.lookup(h), 409, /^the appointment is cancelled$/, 'APPOINTMENT_CANCELLED');
      expectError(await link.move(h), 409, /cancelled appointment cannot be moved/, 'APPOINTMENT_CANCELLED');
      expectError(await link.cancel(h), 409, /^appointment already cancelled$/, 'APPOINTMENT_CANCELLED');
    }
    await expectNoReads(await link.reads());
    // Off its routes the token is refused as before (403), whatever its appointment.
    expectError(await v2('GET', '/settings', link.asToken), 403, /cancel token may only/, 'FORBIDDEN');
  });

  it('a completed appointment (v1 status) is 409 APPOINTMENT_NOT_MANAGEABLE by link; the business still moves it', async () => {
    const mine = await book(slots[2].id);
    const link = linkCalls(mine.cancel_token, slots[3].id);
    const put = await viaHandler('PUT', `/api/appointment/${mine.id}`, {
      headers: entity.v1,
      body: { status: 'completed' },
    });
    expect(put.status).toBe(200);
    const completed = /^the appointment is completed: its link can no longer change it$/;
    for (const h of [key, link.asToken]) {
      expectError(await link.lookup(h), 409, completed, 'APPOINTMENT_NOT_MANAGEABLE');
      expectError(await link.move(h), 409, completed, 'APPOINTMENT_NOT_MANAGEABLE');
      expectError(await link.cancel(h), 409, completed, 'APPOINTMENT_NOT_MANAGEABLE');
    }
    await expectNoReads(await link.reads());
    // The business's own token keeps its powers: it moves and cancels the completed appointment.
    const moved = await viaHandler('PUT', `/api/appointment/${mine.id}`, {
      headers: entity.v1,
      body: { slot_id: slots[3].id },
    });
    expect(moved.status).toBe(200);
    const cancelled = await viaHandler('PUT', `/api/appointment/${mine.id}`, {
      headers: entity.v1,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
  });

  it('a started appointment is 409 APPOINTMENT_NOT_MANAGEABLE by link, and its token opens nothing', async () => {
    const mine = await book(slots[4].id);
    const link = linkCalls(mine.cancel_token, slots[5].id);
    // The clock moves past the appointment's start (Date only: timers and I/O run as ever).
    jest.useFakeTimers({
      now: new Date(`${date}T12:00:00Z`),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      const started = /^the appointment has started: its link can no longer change it$/;
      for (const h of [key, link.asToken]) {
        expectError(await link.lookup(h), 409, started, 'APPOINTMENT_NOT_MANAGEABLE');
        expectError(await link.move(h), 409, started, 'APPOINTMENT_NOT_MANAGEABLE');
        expectError(await link.cancel(h), 409, started, 'APPOINTMENT_NOT_MANAGEABLE');
      }
      await expectNoReads(await link.reads());
      // The business's own token still cancels it.
      const put = await viaHandler('PUT', `/api/appointment/${mine.id}`, {
        headers: entity.v1,
        body: { status: 'cancelled' },
      });
      expect(put.status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a service appointment moves by link only to a calendar that performs the service (400, as its booking)', async () => {
    const first = (ok(await v2('GET', '/calendars', entity.v2)) as Json[])[0].id as number;
    const other = ok(await v2('POST', '/calendars', entity.v2, { name: 'Bruno' })).id as number;
    const otherSlots = ok(
      await v2('POST', '/calendar-slots/generate', entity.v2, {
        date,
        calendar_id: other,
        max_appointments: 2,
      }),
    ) as Json[];
    const service = ok(
      await v2('POST', '/services', entity.v2, { name: 'Cut', duration: 60, calendar_ids: [first] }),
    ).id;
    const booking = { client_name: 'Service Client', client_phone: mobile(399), service_id: service, date };
    // The service's booking answers the other calendar so.
    expectError(
      await v2('POST', '/appointments', key, { ...booking, start_time: '13:00', calendar_id: other }),
      400,
      /^calendar_id: this calendar does not perform the service$/,
      'INVALID_PARAMETER',
    );
    const mine = ok(
      await v2('POST', '/appointments', key, { ...booking, start_time: '13:00', calendar_id: first }),
    );
    const move = (body: object) =>
      v2('POST', '/appointments/reschedule', key, { cancel_token: mine.cancel_token, ...body });
    expectError(
      await move({ date, start_time: '10:00', calendar_id: other }),
      400,
      /^calendar_id: this calendar does not perform the service$/,
      'INVALID_PARAMETER',
    );
    const otherAt10 = otherSlots.find((s) => s.start_time.startsWith('10:00'));
    expectError(
      await move({ slot_id: otherAt10.id }),
      400,
      /^slot_id: this slot's calendar does not perform the service$/,
      'INVALID_PARAMETER',
    );
    // A calendar that performs it: the whole run moves.
    const moved = ok(await move({ date, start_time: '14:00', calendar_id: first }));
    expect(moved).toMatchObject({ calendar_id: first, start_time: '14:00:00', end_time: '15:00:00' });
    // The run must fit: from 14:30 it would end past the day's last slot.
    expectError(await move({ date, start_time: '14:30' }), 409, /^slot not available: full$/, 'SLOT_FULL');
    // The business's own token moves it anywhere (v1 PUT).
    const put = await viaHandler('PUT', `/api/appointment/${mine.id}`, {
      headers: entity.v1,
      body: { slot_id: otherAt10.id },
    });
    expect(put.status).toBe(200);
  });

  it('through the local server: a cancelled link opens nothing', async () => {
    const http = await startHttp();
    try {
      const mine = await book(slots[6].id);
      const token = { 'Access-Token': mine.cancel_token };
      const call = (method: string, path: string, body?: unknown) =>
        http.call(method, `/api/v2${path}`, { headers: token, ...(body === undefined ? {} : { body }) });
      expect((await call('GET', '/business')).status).toBe(200);
      expect((await call('POST', '/appointments/cancel', { cancel_token: mine.cancel_token })).status).toBe(
        200,
      );
      expectError(await call('GET', '/business'), 401, /^invalid access token$/, 'AUTH_INVALID');
      expectError(
        await call('GET', `/calendar-slots?date=${date}`),
        401,
        /^invalid access token$/,
        'AUTH_INVALID',
      );
      expectError(
        await call('POST', '/appointments/lookup', { cancel_token: mine.cancel_token }),
        409,
        /^the appointment is cancelled$/,
        'APPOINTMENT_CANCELLED',
      );
    } finally {
      await http.close();
    }
  });

  it('keeps every counter equal to a recount', async () => {
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });
});
