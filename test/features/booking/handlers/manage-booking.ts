import { ensureWeb } from '../../../../shared/local/web-build';
import { type Answer, startHttp, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift } from '../../../support/invariants';

/**
 * Issue 30, the manage page's routes: a cancel token finds its appointment (with a key, or as the
 * credential itself), moves it in one transaction (409 and nothing changes when the new time is taken),
 * and opens nothing else; hosted-page keys and the pages' answers.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
const ORIGIN = 'https://www.example.fr';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
/** A v2 error: the status, the message, and the code given (else any code of the form). */
const expectError = (
  answer: Answer,
  status: number,
  message: string | RegExp,
  code: string | RegExp = /^[A-Z_]+$/,
) => {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({
    success: false,
    data: [],
    message: expect.stringMatching(message),
    code: typeof code === 'string' ? code : expect.stringMatching(code),
  });
};

describe('managing a booking by its cancel token', () => {
  let entity: Entity;
  let key: Record<string, string>;
  let date: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  let slots: any[];
  const slotsNow = async () => (await v2('GET', `/calendar-slots?date=${date}`, entity.v2)).json.data;
  const book = async (slotId: number, i: number) => {
    const booked = await v2('POST', '/appointments', key, {
      client_name: `Client ${i}`,
      client_phone: mobile(100 + i),
      slot_id: slotId,
    });
    expect(booked.status).toBe(200);
    return booked.json.data as { id: number; cancel_token: string };
  };

  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN });
    const created = await v2('POST', '/keys', entity.v2, { name: 'site', allowed_origins: [ORIGIN] });
    key = { 'Access-Token': created.json.data.key, Origin: ORIGIN };
    // One visitor books many times here: the live caps (test/features/booking/http/live-caps.test.ts) are lifted.
    expect((await v2('POST', '/settings', entity.v2, { max_live_bookings_per_visitor: 0 })).status).toBe(200);
    date = futureWorkingDate(40);
    slots = (await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 1 })).json
      .data;
  });

  it('looks the appointment up with a key or with the cancel token alone, and nothing else', async () => {
    const mine = await book(slots[0].id, 1);
    await book(slots[1].id, 2);
    const withKey = await v2('POST', '/appointments/lookup', key, { cancel_token: mine.cancel_token });
    expect(withKey.status).toBe(200);
    expect(withKey.json.data).toEqual({
      appointment: expect.objectContaining({ id: mine.id, status: 'confirmed', client_name: 'Client 1' }),
      calendar_name: expect.any(String),
      // An appointment of a slot: no service.
      service: null,
      business: {
        name: entity.entity_account_id,
        timezone: 'Europe/Paris',
        language: expect.any(String),
        default_calendar_id: 1,
        locale: expect.stringMatching(/^(en|fr)-FR$/),
        currency: 'EUR',
        brand_color: null,
        logo_url: null,
        max_days_ahead: expect.any(Number),
      },
    });
    // The v2 envelope, message included, as every v2 answer.
    expect(withKey.json).toMatchObject({ success: true, message: 'appointment' });
    expect(withKey.text).not.toContain('Client 2');
    const asToken = { 'Access-Token': mine.cancel_token };
    const alone = await v2('POST', '/appointments/lookup', asToken, { cancel_token: mine.cancel_token });
    expect(alone.json.data).toEqual(withKey.json.data);
    // The cancel token opens its appointment's routes only.
    for (const [method, path, body] of [
      ['GET', '/settings', undefined],
      ['POST', '/appointments', { client_name: 'X Y', client_phone: mobile(9), slot_id: slots[2].id }],
      ['GET', '/keys', undefined],
    ] as const) {
      expectError(await v2(method, path, asToken, body), 403, /cancel token may only/, 'FORBIDDEN');
    }
    expectError(
      await v2('POST', '/appointments/lookup', key, { cancel_token: 'x'.repeat(43) }),
      404,
      /^appointment not found$/,
      'RESOURCE_NOT_FOUND',
    );
    expectError(
      await v2('POST', '/appointments/lookup', { 'Access-Token': 'y'.repeat(43) }, { cancel_token: 'y' }),
      401,
      /^invalid access token$/,
      'AUTH_INVALID',
    );
  });

  it('moves to a free time in one transaction; a taken time is 409 and changes nothing', async () => {
    const mine = await book(slots[3].id, 3);
    await book(slots[4].id, 4);
    const before = await slotsNow();
    const taken = await v2('POST', '/appointments/reschedule', key, {
      cancel_token: mine.cancel_token,
      slot_id: slots[4].id,
    });
    expectError(taken, 409, /^slot not available: full$/, 'SLOT_FULL');
    expect(await slotsNow()).toEqual(before);
    const lookup = await v2('POST', '/appointments/lookup', key, { cancel_token: mine.cancel_token });
    expect(lookup.json.data.appointment.slot_id).toBe(slots[3].id);

    const moved = await v2(
      'POST',
      '/appointments/reschedule',
      { 'Access-Token': mine.cancel_token },
      {
        cancel_token: mine.cancel_token,
        slot_id: slots[5].id,
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({
      id: mine.id,
      slot_id: slots[5].id,
      start_time: slots[5].start_time,
    });
    const after = await slotsNow();
    expect(after.find((s: { id: number }) => s.id === slots[3].id).available_slots).toBe(1);
    expect(after.find((s: { id: number }) => s.id === slots[5].id).available_slots).toBe(0);

    // By its start (date and HH:MM), in the appointment's calendar.
    const byStart = await v2('POST', '/appointments/reschedule', key, {
      cancel_token: mine.cancel_token,
      date,
      start_time: slots[6].start_time.slice(0, 5),
    });
    expect(byStart.json.data.slot_id).toBe(slots[6].id);
    expectError(
      await v2('POST', '/appointments/reschedule', key, {
        cancel_token: mine.cancel_token,
        slot_id: slots[6].id,
      }),
      409,
      /^the appointment is already at this time$/,
      'ALREADY_AT_THIS_TIME',
    );
    expectError(
      await v2('POST', '/appointments/reschedule', key, {
        cancel_token: mine.cancel_token,
        date,
        start_time: '03:07',
      }),
      404,
      /^slot not found$/,
      'SLOT_NOT_FOUND',
    );
    expectError(
      await v2('POST', '/appointments/reschedule', key, { cancel_token: mine.cancel_token }),
      400,
      /^slot_id: is required$/,
      'MISSING_REQUIRED_FIELD',
    );
    await v2(
      'POST',
      '/appointments/cancel',
      { 'Access-Token': mine.cancel_token },
      { cancel_token: mine.cancel_token },
    );
    expectError(
      await v2('POST', '/appointments/reschedule', key, {
        cancel_token: mine.cancel_token,
        slot_id: slots[7].id,
      }),
      409,
      /cancelled appointment cannot be moved/,
      'APPOINTMENT_CANCELLED',
    );
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });

  it('GET /business answers the page what it shows, to a key', async () => {
    const business = await v2('GET', '/business', key);
    expect(business.json.data).toEqual({
      // A new entity is named as it was created (docs/CONTRACT.md#settings): here its account id.
      name: entity.entity_account_id,
      timezone: 'Europe/Paris',
      language: expect.stringMatching(/^(en|fr)$/),
      default_calendar_id: 1,
      // The locale its dates and prices are written for, its currency and look, its booking window.
      locale: expect.stringMatching(/^(en|fr)-FR$/),
      currency: 'EUR',
      brand_color: null,
      logo_url: null,
      max_days_ahead: expect.any(Number),
      has_services: false,
    });
  });
});

describe('the pages', () => {
  let http: Awaited<ReturnType<typeof startHttp>>;
  let entity: Entity;
  beforeAll(async () => {
    await ensureWeb();
    http = await startHttp();
    entity = await newEntity({ hours: ALWAYS_OPEN });
  });
  afterAll(() => http.close());
  const page = async (path: string) => {
    const answer = await fetch(`${http.baseUrl}${path}`);
    return { status: answer.status, headers: answer.headers, text: await answer.text() };
  };

  it('/book/{key} is the hosted page of a hosted_page key only; any other key is the 404 page', async () => {
    const hosted = (
      await v2('POST', '/keys', entity.v2, { name: 'h', allowed_origins: [ORIGIN], hosted_page: true })
    ).json.data;
    expect(hosted.hosted_page).toBe(true);
    const plain = (await v2('POST', '/keys', entity.v2, { name: 'p', allowed_origins: [ORIGIN] })).json.data;
    const ok = await page(`/book/${hosted.key}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ok.text).toContain(`<booking-widget key="${hosted.key}"`);
    for (const path of [`/book/${plain.key}`, `/book/pk_${'A'.repeat(43)}`, '/book/nothing']) {
      const missing = await page(path);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('<h1>Page not found</h1>');
    }
    // The hosted page's own origin (the stage's public base URL) may use its key; the plain key is held to
    // its origins. A Host the caller chose names no origin of the API's (issue 58, point 7).
    const before = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = http.baseUrl;
    try {
      const own = { Origin: http.baseUrl, Host: new URL(http.baseUrl).host };
      const call = (k: string, headers = own) =>
        http.call('GET', '/api/v2/business', { headers: { 'Access-Token': k, ...headers } });
      expect((await call(hosted.key)).status).toBe(200);
      expect((await call(plain.key)).status).toBe(403);
      const chosen = { Origin: 'https://evil.example', Host: 'evil.example' };
      expect((await call(hosted.key, chosen)).status).toBe(403);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_BASE_URL;
      else process.env.PUBLIC_BASE_URL = before;
    }
  });

  it('/book and /manage send a CSP without inline script or eval; /embed.js is served', async () => {
    for (const path of ['/manage', '/book/nothing']) {
      const answer = await page(path);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(answer.text).not.toMatch(/<script>|<script [^>]*>[^<]/);
    }
    const script = await page('/embed.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('booking-widget');
  });
});
