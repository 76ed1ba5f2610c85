/** The benchmark's tenants on the local runtime: HTTP calls, slot generation and booked history. */

import { addDays } from '../../shared/core/dates';
import { DEFAULT_SETTINGS } from '../../shared/core/defaults';
import { BookingService } from '../../shared/features/booking/services/booking-service';
import { BookingSnapshotRepository } from '../../shared/features/booking/store/booking-snapshot-repository';
import { publicHoliday } from '../../shared/features/schedule/domain/holidays';
import { services, table } from '../../shared/wiring';
import { quick } from './table';

export type Headers = Record<string, string>;
export interface Tenant {
  accountId: string;
  v1: Headers;
  v2: Headers;
}

const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => ({
  day_of_week: d as 'mon',
  start_time1: '00:00:00',
  end_time1: '12:00:00',
  start_time2: '12:00:00',
  end_time2: '23:30:00',
  is_open: 1 as const,
}));

export async function createTenant(accountId: string): Promise<Tenant> {
  const c = await services().admin.createEntity({
    accountId,
    secret: 'bench-secret-bench-secret-bench-secret',
    hours: everyDay,
  });
  return { accountId, v1: { 'Access-Token': c.v1_token }, v2: { 'Access-Token': c.v2_token } };
}

export const today = new Date().toISOString().slice(0, 10);
/** The next date from `date` on that is not a public holiday (generation refuses those). */
export const workday = (date: string): string =>
  publicHoliday(date, 'FR') ? workday(addDays(date, 1)) : date;
export const target = workday(addDays(today, 3));

export function client(base: string) {
  const call = async (method: string, path: string, headers: Headers, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    // The time the request spent in the store, as its Server-Timing says (`store;dur=3.1, total;dur=12.3`).
    const storeMs = Number(res.headers.get('server-timing')?.match(/store;dur=([\d.]+)/)?.[1] ?? Number.NaN);
    return { status: res.status, json: JSON.parse(text), storeMs };
  };
  const generate = async (headers: Headers, date: string, capacity = 5, duration = 30) =>
    (
      await call('POST', '/api/v2/calendar-slots/generate', headers, {
        date: workday(date),
        duration,
        max_appointments: capacity,
      })
    ).json.data as Array<{ id: number }>;
  let phone = 0;
  const nextPhone = () => `06${String(10_000_000 + phone++).padStart(8, '0')}`;
  /** A booking that must succeed: a refused one (400, 409) would be counted as a fast booking. */
  const book = async (headers: Headers, slotId: number | undefined) => {
    const answer = await call('POST', '/api/v2/appointments', headers, {
      client_name: 'Bench Client',
      client_phone: nextPhone(),
      slot_id: slotId,
    });
    if (answer.status !== 200) throw new Error(`booking slot ${slotId}: ${JSON.stringify(answer.json)}`);
    return answer;
  };
  return { call, generate, book, nextPhone };
}
export type Client = ReturnType<typeof client>;

const perDay = quick ? 10 : 30;
let pastPhone = 0;

/** Bookings over HTTP on days to come, a third of them by returning clients. */
async function fillRecent(http: Client, headers: Headers, date: string) {
  const slots = await http.generate(headers, date);
  const jobs: Array<Promise<unknown>> = [];
  for (let i = 0; i < perDay; i++) {
    const phone = i % 3 === 0 ? `06${String(20_000_000 + (i % 40)).padStart(8, '0')}` : http.nextPhone();
    jobs.push(
      http.call('POST', '/api/v2/appointments', headers, {
        client_name: `Bench Client${i}`,
        client_phone: phone,
        slot_id: slots[i % slots.length]?.id,
      }),
    );
    if (jobs.length >= 8) await Promise.all(jobs.splice(0));
  }
  await Promise.all(jobs);
}

/**
 * History is what happened: days more than 30 days ago. Bookings refuse past slots, so the past is booked
 * through the same booking service with its clock set to the day before each slot.
 */
async function fillPast(http: Client, tenant: Tenant, day: string) {
  const slots = await http.generate(tenant.v2, day);
  const repos = services().repos;
  const clock = () => new Date(`${addDays(day, -1)}T12:00:00Z`);
  const past = new BookingService({
    appointments: repos.appointments,
    writer: repos.bookings,
    slots: repos.slots,
    calendars: repos.calendars,
    clients: repos.clients,
    ids: repos.sequence,
    now: clock,
    reader: new BookingSnapshotRepository(table()),
  });
  const settings = { ...DEFAULT_SETTINGS, default_calendar_id: 1 };
  const jobs: Array<Promise<unknown>> = [];
  for (let i = 0; i < perDay; i++) {
    const n = i % 3 === 0 ? 20_000_000 + (i % 40) : 30_000_000 + pastPhone++;
    jobs.push(
      past.book(
        { entityId: tenant.accountId, settings },
        {
          calendarId: 1,
          slotId: slots[i % slots.length]?.id ?? 0,
          firstname: 'Past',
          lastname: `Client${i}`,
          email: null,
          phone: `+336${String(n).padStart(8, '0')}`,
          contractNumber: null,
          status: i % 5 === 0 ? 'cancelled' : 'completed',
        },
      ),
    );
    if (jobs.length >= 8) await Promise.all(jobs.splice(0));
  }
  await Promise.all(jobs);
}

/** Both tenants get recent days; `heavy` gets five times as many past days on top. */
export async function fillHistory(http: Client, little: Tenant, heavy: Tenant) {
  const recentDays = quick ? 2 : 5;
  console.log(`history: ${recentDays} days for both tenants, ${recentDays * 5} past days more for one`);
  for (const t of [little, heavy]) {
    for (let d = 0; d < recentDays; d++) await fillRecent(http, t.v2, addDays(target, d - 2));
  }
  for (let d = 0; d < recentDays * 5; d++) {
    await fillPast(http, heavy, workday(addDays(today, -40 - 2 * d)));
  }
}
