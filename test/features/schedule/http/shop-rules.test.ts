/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { addDays, daysBetween, todayIn } from '../../../../shared/core/dates';
import { publicHoliday } from '../../../../shared/features/schedule/domain/holidays';
import { assertContract } from '../../../support/contract';
import { onSharedEngine, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 59 points 1 to 4 as a salon lives them, through `npm start` alone: a stylist's afternoon off closes
 * her slots only (409 `slot not available: time off`) and its removal reopens them; the site's key books
 * neither too soon nor too far ahead while the salon books a walk-in; a client's link is refused within the
 * cut-off; a colour's clean-up is kept free after it.
 */
const store = onSharedEngine('shop-rules');
const ORIGIN = 'https://salon.example.fr';
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

/** The first date on or after `date` that is no French public holiday (generation refuses those). */
const workable = (date: string): string => (publicHoliday(date, 'FR') ? workable(addDays(date, 1)) : date);

describe('the rules a shop books by, through npm start', () => {
  let server: Started;
  let key = '';
  beforeAll(async () => {
    server = await startServer({ ...store, DEMO_ACCOUNT_ID: 'shop-rules', SMTP_URL: '' });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  }, 300_000);
  /** A v2 call with the secret token, or with the site's key (and its origin) when `as` is 'key'. */
  const call = async (method: string, path: string, body?: unknown, as: 'token' | 'key' = 'token') => {
    const headers: Record<string, string> =
      as === 'key' ? { 'Access-Token': key, Origin: ORIGIN } : { 'Access-Token': server.v2 };
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assertContract(method, `/api/v2${path}`, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    const json = JSON.parse(text);
    return {
      status: response.status,
      data: json.data as Json,
      message: json.message as string,
      code: json.code as string,
    };
  };
  const data = async (method: string, path: string, body?: unknown, as: 'token' | 'key' = 'token') => {
    const answer = await call(method, path, body, as);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.message}`);
    return answer.data;
  };
  let n = 0;
  const client = () => ({
    client_name: `Client ${++n}`,
    client_phone: `06${String(13_000_000 + n).padStart(8, '0')}`,
  });

  const today = todayIn('Europe/Paris');
  const d1 = workable(addDays(today, 2));
  const d2 = workable(addDays(d1, 2));
  const d3 = workable(addDays(d2, 1));
  const d4 = workable(addDays(d3, 1));
  let alice = 0;
  let bruno = 0;
  const slots: Record<string, Record<number, Json[]>> = {};
  const at = (date: string, calendar: number, time: string) =>
    (slots[date]?.[calendar] ?? []).find((s) => s.start_time === time);

  it('starts with the defaults: no notice, 60 days ahead, no cut-off; services without buffers', async () => {
    expect(await data('GET', '/settings')).toMatchObject({
      min_notice_minutes: 0,
      max_days_ahead: 60,
      client_change_cutoff_minutes: 0,
    });
    // The salon's days: every day 09:00-12:00 and 14:00-18:00; two stylists; the site's key.
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
      await data('POST', '/opening-hours/update', {
        day_of_week: day,
        start_time1: '09:00',
        end_time1: '12:00',
        start_time2: '14:00',
        end_time2: '18:00',
      });
    alice = (await data('GET', '/calendars'))[0].id;
    await data('POST', '/calendars/update', { id: alice, name: 'Alice' });
    bruno = (await data('POST', '/calendars', { name: 'Bruno' })).id;
    key = (await data('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })).key;
    for (const date of [d1, d2, d3, d4]) {
      slots[date] = {};
      for (const calendar of [alice, bruno])
        (slots[date] as Record<number, Json[]>)[calendar] = await data('POST', '/calendar-slots/generate', {
          date,
          calendar_id: calendar,
          max_appointments: 1,
        });
    }
  });

  it("time off closes a stylist's afternoon only, and its removal reopens it", async () => {
    const off = await data('POST', '/time-off', {
      calendar_id: bruno,
      date: d2,
      start_time: '14:00',
      end_time: '16:00',
      name: 'Dentist',
    });
    expect(off).toMatchObject({
      calendar_id: bruno,
      date: d2,
      start_time: '14:00:00',
      end_time: '16:00:00',
      closed_slots: 4,
    });
    expect(await data('GET', `/time-off?calendar_id=${bruno}`)).toEqual([
      {
        id: off.id,
        calendar_id: bruno,
        date: d2,
        start_time: '14:00:00',
        end_time: '16:00:00',
        name: 'Dentist',
      },
    ]);
    const refused = await call(
      'POST',
      '/appointments',
      { ...client(), slot_id: at(d2, bruno, '14:30:00').id },
      'key',
    );
    expect([refused.status, refused.message, refused.code]).toEqual([
      409,
      'slot not available: time off',
      'SLOT_CLOSED',
    ]);
    expect(
      (await data('POST', '/appointments', { ...client(), slot_id: at(d2, alice, '14:30:00').id }, 'key'))
        .slot_id,
    ).toBe(at(d2, alice, '14:30:00').id);
    await data('POST', '/time-off/delete', { id: off.id });
    expect(
      (await data('POST', '/appointments', { ...client(), slot_id: at(d2, bruno, '14:30:00').id }, 'key'))
        .slot_id,
    ).toBe(at(d2, bruno, '14:30:00').id);
  });

  it('the key books neither too soon nor too far; the salon books a walk-in', async () => {
    await data('POST', '/settings', {
      min_notice_minutes: (daysBetween(today, d2) - 1) * 1440,
      max_days_ahead: daysBetween(today, d3) + 1,
    });
    const listed = await data(
      'GET',
      `/calendar-slots?from=${d1}&to=${d4}&calendar_id=${alice}`,
      undefined,
      'key',
    );
    expect([...new Set(listed.map((s: Json) => s.date))]).toEqual([d2, d3]);
    const soon = await call(
      'POST',
      '/appointments',
      { ...client(), slot_id: at(d1, alice, '09:00:00').id },
      'key',
    );
    expect([soon.status, soon.message, soon.code]).toEqual([
      409,
      'slot not available: too soon',
      'SLOT_TOO_SOON',
    ]);
    const far = await call(
      'POST',
      '/appointments',
      { ...client(), slot_id: at(d4, alice, '09:00:00').id },
      'key',
    );
    expect([far.status, far.message, far.code]).toEqual([
      409,
      'slot not available: too far ahead',
      'SLOT_TOO_FAR',
    ]);
    expect(
      (await data('POST', '/appointments', { ...client(), slot_id: at(d1, alice, '09:00:00').id })).date,
    ).toBe(d1);
    await data('POST', '/settings', { min_notice_minutes: 0, max_days_ahead: 60 });
  });

  it("within the cut-off the client's link is refused, naming whom to contact", async () => {
    await data('POST', '/settings', {
      client_change_cutoff_minutes: (daysBetween(today, d2) - 1) * 1440,
      name: 'Salon Jeanne',
    });
    const booked = await data(
      'POST',
      '/appointments',
      { ...client(), slot_id: at(d1, bruno, '10:00:00').id },
      'key',
    );
    const cancel = await call('POST', '/appointments/cancel', { cancel_token: booked.cancel_token }, 'key');
    expect([cancel.status, cancel.code]).toEqual([409, 'CHANGE_TOO_LATE']);
    expect(cancel.message).toMatch(/contact Salon Jeanne to change it$/);
    expect((await data('POST', '/appointments/cancel', { cancel_token: booked.cancel_token })).status).toBe(
      'cancelled',
    );
    await data('POST', '/settings', { client_change_cutoff_minutes: 0 });
  });

  it("a colour's 15 minutes of clean-up stay free after it", async () => {
    const colour = (
      await data('POST', '/services', {
        name: 'Colour',
        duration: 90,
        calendar_ids: [bruno],
        buffer_after_minutes: 15,
      })
    ).id;
    expect(
      (await data('GET', '/services', undefined, 'key')).find((s: Json) => s.id === colour),
    ).toMatchObject({
      buffer_before_minutes: 0,
      buffer_after_minutes: 15,
    });
    const booked = await data(
      'POST',
      '/appointments',
      { ...client(), service_id: colour, date: d3, start_time: '14:00' },
      'key',
    );
    expect(booked).toMatchObject({ calendar_id: bruno, end_time: '15:30:00' });
    expect(booked.slot_ids).toHaveLength(4);
    const starts = await data(
      'GET',
      `/availability?service_id=${colour}&from=${d3}&to=${d3}`,
      undefined,
      'key',
    );
    expect(starts.map((s: Json) => s.start_time)).toEqual([
      '09:00:00',
      '09:30:00',
      '10:00:00',
      '10:30:00',
      '16:00:00',
      '16:30:00',
    ]);
    const clash = await call(
      'POST',
      '/appointments',
      { ...client(), slot_id: at(d3, bruno, '15:30:00').id },
      'key',
    );
    expect([clash.status, clash.message]).toEqual([409, 'slot not available: full']);
  });
});
