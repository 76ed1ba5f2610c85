/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { weekdayOf } from '../../../../shared/features/schedule/domain/opening-hours';
import { assertContract } from '../../../support/contract';
import { futureSaturday, futureWeekday } from '../../../support/fixtures';
import { onSharedEngine, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 59, point 9, through `npm start` alone: check-date and a date's hours answer for one stylist
 * (`calendar_id`; 404 for one the salon does not have) and, without it, for the salon: open when any
 * stylist works, with each one's hours. A closure day refuses bookings with 409 `slot not available:
 * closed`, by slot or by service, whether the slots were made before the closure or never.
 */
const store = onSharedEngine('calendar-days');
const outbox = mkdtempSync(join(tmpdir(), 'booking-calendar-days-'));
type Json = Record<string, unknown>;
const ORIGIN = 'https://salon-jeanne.example';
const DAY = {
  start_time1: '09:00:00',
  end_time1: '12:00:00',
  start_time2: '14:00:00',
  end_time2: '18:00:00',
};

describe("a salon's days, through npm start", () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'calendar-days',
      SMTP_URL: '',
      OUTBOX_DIR: outbox,
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: headers ?? { 'Access-Token': server.v2 },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assertContract(method, `/api/v2${path}`, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    return { status: response.status, json: JSON.parse(text) as { data: unknown; message: string } };
  };
  const data = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const answer = await call(method, path, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.json.message}`);
    return answer.json.data as never;
  };
  const saturday = futureSaturday(3);
  const weekday = futureWeekday(10);
  let chloe: number;
  let bruno: number;

  it('answers a single calendar as it always did: no list, the same keys', async () => {
    const check: Json = await data('GET', `/opening-hours/check-date?date=${weekday}`);
    expect(check).toEqual({ is_open: true, is_holiday: false, opening_hours: DAY, holiday: null });
    expect(await data('GET', `/opening-hours/date?date=${weekday}`)).toEqual(DAY);
  }, 120_000);

  it("opens the salon's Saturday when a stylist works it, and answers each stylist's day", async () => {
    chloe = ((await data('GET', '/calendars')) as Json[])[0]?.id as number;
    await data('POST', '/calendars/update', { id: chloe, name: 'Chloé' });
    bruno = ((await data('POST', '/calendars', { name: 'Bruno' })) as Json).id as number;
    const ines = ((await data('POST', '/calendars', { name: 'Inès' })) as Json).id as number;
    // Bruno works Saturdays 10:00-16:00 and, on the weekday, 12:00-20:00; Inès works Saturdays but has left.
    await data('POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: 'sat',
      start_time1: '10:00',
      end_time1: '16:00',
    });
    await data('POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: weekdayOf(weekday),
      start_time1: '12:00',
      end_time1: '20:00',
    });
    await data('POST', '/opening-hours/update', {
      calendar_id: ines,
      day_of_week: 'sat',
      start_time1: '08:00',
      end_time1: '19:00',
    });
    await data('POST', '/calendars/update', { id: ines, active: false });

    const salon: Json = await data('GET', `/opening-hours/check-date?date=${saturday}`);
    const brunosSaturday = {
      start_time1: '10:00:00',
      end_time1: '16:00:00',
      start_time2: null,
      end_time2: null,
    };
    expect(salon).toEqual({
      is_open: true,
      is_holiday: false,
      opening_hours: brunosSaturday,
      holiday: null,
      calendars: [
        { calendar_id: chloe, calendar_name: 'Chloé', is_open: false, opening_hours: null },
        { calendar_id: bruno, calendar_name: 'Bruno', is_open: true, opening_hours: brunosSaturday },
      ],
    });
    expect(await data('GET', `/opening-hours/date?date=${saturday}`)).toEqual({
      ...brunosSaturday,
      calendars: salon.calendars,
    });
    // One stylist's day: Chloé's Saturday is closed, Bruno's open; a calendar the salon lacks (or an
    // inactive one) is 404, on both routes.
    expect(await data('GET', `/opening-hours/check-date?date=${saturday}&calendar_id=${chloe}`)).toEqual({
      is_open: false,
      is_holiday: false,
      opening_hours: null,
      holiday: null,
    });
    expect(await data('GET', `/opening-hours/date?date=${saturday}&calendar_id=${bruno}`)).toEqual(
      brunosSaturday,
    );
    const closed = await call('GET', `/opening-hours/date?date=${saturday}&calendar_id=${chloe}`);
    expect([closed.status, closed.json.message]).toEqual([404, 'the day is closed']);
    for (const id of [99, ines])
      for (const route of ['check-date', 'date']) {
        const unknown = await call('GET', `/opening-hours/${route}?date=${saturday}&calendar_id=${id}`);
        expect([unknown.status, unknown.json.message]).toEqual([404, 'calendar not found or inactive']);
      }

    // A weekday: Chloé 09-12 and 14-18, Bruno 12-20: the salon is open 09:00-20:00 without a break.
    expect(((await data('GET', `/opening-hours/check-date?date=${weekday}`)) as Json).opening_hours).toEqual({
      start_time1: '09:00:00',
      end_time1: '20:00:00',
      start_time2: null,
      end_time2: null,
    });
    // A visitor's key reads the same.
    const key = ((await data('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })) as Json)
      .key as string;
    const visitor = { 'Access-Token': key, Origin: ORIGIN };
    expect(await data('GET', `/opening-hours/check-date?date=${saturday}`, undefined, visitor)).toEqual(
      salon,
    );
  }, 120_000);

  it('refuses a booking on a closure day with 409 closed, by slot or by service, slots made before it or not', async () => {
    const colour = ((await data('POST', '/services', { name: 'Colour', duration: 30 })) as Json).id as number;
    const visitor = (i: number, extra: Json) => ({
      client_name: `Visitor ${i}`,
      client_phone: `06${String(44_000_000 + i).padStart(8, '0')}`,
      ...extra,
    });
    // Slots made first, then the closure: they close, and every way of booking them is 409 closed.
    const before = futureWeekday(12);
    const slots: Json[] = await data('POST', '/calendar-slots/generate', {
      date: before,
      calendar_id: chloe,
    });
    await data('POST', '/calendar-slots/generate', { date: before, calendar_id: bruno });
    await data('POST', '/closures', { date: before, name: 'Inventaire' });
    const check: Json = await data('GET', `/opening-hours/check-date?date=${before}`);
    expect(check).toMatchObject({ is_open: false, is_holiday: true, opening_hours: null });
    expect((check.calendars as Json[]).map((c) => c.is_open)).toEqual([false, false]);
    const attempts = [
      visitor(1, { slot_id: slots[0]?.id }),
      visitor(2, { service_id: colour, date: before, start_time: '09:00', calendar_id: chloe }),
      visitor(3, { service_id: colour, date: before, start_time: '09:00' }),
    ];
    // The closure made after the slots; then a closure with no slots at all (generation refuses the day).
    const after = futureWeekday(13);
    await data('POST', '/closures', { date: after, name: 'Formation' });
    expect((await call('POST', '/calendar-slots/generate', { date: after })).status).toBe(409);
    attempts.push(
      visitor(4, { service_id: colour, date: after, start_time: '09:00', calendar_id: chloe }),
      visitor(5, { service_id: colour, date: after, start_time: '10:00' }),
    );
    for (const attempt of attempts) {
      const refused = await call('POST', '/appointments', attempt);
      expect({ status: refused.status, message: refused.json.message }).toEqual({
        status: 409,
        message: 'slot not available: closed',
      });
    }
    // Removing the closure reopens the day: the same booking by service is taken.
    await data('POST', '/closures/delete', { date: before });
    expect((await call('POST', '/appointments', visitor(6, attempts[1] as Json))).status).toBe(200);
  }, 120_000);
});
