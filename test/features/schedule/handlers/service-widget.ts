import { type Answer, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift } from '../../../support/invariants';

/**
 * Issue 30's service path (docs/CONTRACT.md#widget-and-manage-page): GET /business tells the widget whether
 * the entity offers services, a publishable key reads the services, staff and availability, and a service
 * booking's cancel token is the manage page's credential: it reads the availability of its service and
 * moves the whole run of slots in one transaction (409 and nothing changes when the run is taken).
 */
type Json = Record<string, unknown>;
const ORIGIN = 'https://salon.example.org';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer) => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json.data;
};
/** A v2 error: the status, the message, and the code given (else any code of the form). */
const expectError = (
  answer: Answer,
  status: number,
  message: RegExp,
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

describe('the widget and the manage page on the service path', () => {
  const date = futureWorkingDate(43);
  let entity: Awaited<ReturnType<typeof newEntity>>;
  let key: Record<string, string>;
  let calendars: number[];
  let service: number;
  /** Places left, by start time, in one calendar's slots of `date`. */
  const placesOf = async (calendar: number) =>
    Object.fromEntries(
      (ok(await v2('GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`, entity.v2)) as Json[]).map(
        (s) => [s.start_time, s.available_slots],
      ),
    );

  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN, settings: { max_appointments: 1 } });
    key = {
      'Access-Token': ok(await v2('POST', '/keys', entity.v2, { name: 'site', allowed_origins: [ORIGIN] }))
        .key,
      Origin: ORIGIN,
    };
  });

  it('GET /business says has_services false, then true once a service exists, to a key', async () => {
    expect(ok(await v2('GET', '/business', key))).toMatchObject({ has_services: false });
    const first = (ok(await v2('GET', '/calendars', entity.v2)) as Json[])[0]?.id as number;
    const second = ok(await v2('POST', '/calendars', entity.v2, { name: 'Bruno' })).id as number;
    calendars = [first, second];
    for (const calendar of calendars)
      ok(await v2('POST', '/calendar-slots/generate', entity.v2, { date, calendar_id: calendar }));
    service = ok(await v2('POST', '/services', entity.v2, { name: 'Colour', duration: 60 })).id;
    expect(ok(await v2('GET', '/business', key))).toEqual({
      name: entity.entity_account_id,
      timezone: 'Europe/Paris',
      language: expect.stringMatching(/^(en|fr)$/),
      default_calendar_id: first,
      locale: expect.stringMatching(/^(en|fr)-FR$/),
      currency: 'EUR',
      brand_color: null,
      logo_url: null,
      max_days_ahead: expect.any(Number),
      has_services: true,
    });
    // What the widget reads next, with the key.
    expect((ok(await v2('GET', '/services', key)) as Json[]).map((s) => s.id)).toEqual([service]);
    expect((ok(await v2('GET', '/calendars', key)) as Json[]).map((c) => c.id)).toEqual(calendars);
    const starts = ok(
      await v2('GET', `/availability?service_id=${service}&from=${date}&to=${date}`, key),
    ) as Json[];
    expect(starts.length).toBeGreaterThan(0);
  });

  it('a service booking’s cancel token reads its availability and moves the whole run in one transaction', async () => {
    const calendar = calendars[0] as number;
    const booked = ok(
      await v2('POST', '/appointments', key, {
        client_name: 'Web Visitor',
        client_phone: mobile(31),
        service_id: service,
        date,
        start_time: '08:00',
        calendar_id: calendar,
      }),
    );
    expect(booked.slot_ids).toHaveLength(2);
    // Someone else holds 10:30-11:30 on the same calendar.
    ok(
      await v2('POST', '/appointments', key, {
        client_name: 'Other Client',
        client_phone: mobile(32),
        service_id: service,
        date,
        start_time: '10:30',
        calendar_id: calendar,
      }),
    );
    const token = { 'Access-Token': booked.cancel_token as string };
    // The cancel token is a credential of the manage page's routes, availability included.
    const lookup = ok(await v2('POST', '/appointments/lookup', token, { cancel_token: booked.cancel_token }));
    expect(lookup.appointment).toMatchObject({ id: booked.id, service_id: service, calendar_id: calendar });
    const starts = ok(
      await v2(
        'GET',
        `/availability?service_id=${service}&from=${date}&to=${date}&calendar_id=${calendar}`,
        token,
      ),
    ) as Json[];
    const offered = starts.map((s) => s.start_time);
    expect(offered).not.toContain('08:00:00');
    expect(offered).not.toContain('10:00:00');
    expect(offered).toContain('09:00:00');
    for (const [method, path] of [
      ['GET', '/services'],
      ['GET', '/calendars'],
      ['GET', '/settings'],
    ] as const)
      expectError(await v2(method, path, token), 403, /^a cancel token may only read, cancel or reschedule/);

    // A run that overlaps the other client's: 409, and nothing changes.
    const before = await placesOf(calendar);
    expectError(
      await v2('POST', '/appointments/reschedule', token, {
        cancel_token: booked.cancel_token,
        date,
        start_time: '10:00',
      }),
      409,
      /^slot not available/,
    );
    expect(await placesOf(calendar)).toEqual(before);

    // A free run: the whole service moves, the old slots are given back.
    const moved = ok(
      await v2('POST', '/appointments/reschedule', token, {
        cancel_token: booked.cancel_token,
        date,
        start_time: '09:00',
        calendar_id: calendar,
      }),
    );
    expect(moved).toMatchObject({ id: booked.id, start_time: '09:00:00', end_time: '10:00:00' });
    expect(moved.slot_ids).toHaveLength(2);
    const after = await placesOf(calendar);
    expect([after['08:00:00'], after['08:30:00']]).toEqual([1, 1]);
    expect([after['09:00:00'], after['09:30:00']]).toEqual([0, 0]);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });
});
