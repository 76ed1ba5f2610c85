/**
 * Reads at size: the same reads for a tenant of 1,000 appointments and one of 100,000 (`npm run admin --
 * seed`'s service, in this process), p50 each, interleaved so both see the same engine state.
 */

import { addDays } from '../../shared/core/dates';
import { DEMO_HOURS, dayHoursFor } from '../../shared/features/schedule/domain/opening-hours';
import { services } from '../../shared/wiring';
import { seedService } from '../../shared/wiring/operations';
import { median, ms, quick, row, timed } from './table';
import { type Client, type Tenant, today } from './tenants';

const SMALL = 1_000;
/** The big tenant: 100,000 appointments (`--big N` to change; `--quick`: 10,000). */
const BIG = (() => {
  const at = process.argv.indexOf('--big');
  const given = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isSafeInteger(given) && given > 0 ? given : quick ? 3_000 : 100_000;
})();

async function seeded(accountId: string, appointments: number): Promise<Tenant> {
  // The default hours (Mon-Fri 09-12 and 14-18): a salon's slots, about 3,600 a year.
  const c = await services().admin.createEntity({
    accountId,
    secret: 'bench-secret-bench-secret-bench-secret',
  });
  const tenant = { accountId, v1: { 'Access-Token': c.v1_token }, v2: { 'Access-Token': c.v2_token } };
  const started = performance.now();
  const summary = await seedService().seed({
    accountId,
    appointments,
    days: 365,
    calendars: 1,
    stage: 'local',
  });
  const seconds = (performance.now() - started) / 1000;
  row(
    `seed ${appointments.toLocaleString('en')} appointments (${summary.clients.toLocaleString('en')} clients, ${summary.slots.toLocaleString('en')} slots of 365 days)`,
    `${seconds.toFixed(1)} s (${Math.round(appointments / seconds).toLocaleString('en')} appointments/s, ${summary.items_written.toLocaleString('en')} items)`,
    appointments >= 100_000 ? 'goal 100,000 in < 5 min' : '',
  );
  return tenant;
}

/** The cursor of page `n` of a list (walked once, untimed). */
async function cursorOf(http: Client, tenant: Tenant, path: string, n: number): Promise<string> {
  let cursor = '';
  for (let page = 1; page < n; page++) {
    const answer = await http.call('GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`, tenant.v1);
    cursor = String(answer.json.pagination?.next_cursor ?? '');
    if (!cursor) throw new Error(`${path}: no page ${page + 1}`);
  }
  return cursor;
}

export async function scaleRows(http: Client): Promise<void> {
  const small = await seeded('bench-1k', SMALL);
  const big = await seeded('bench-big', BIG);
  // A day the tenants' hours (the default ones) open: a day that holds appointments, whatever today is.
  let day = addDays(today, 10);
  while (!dayHoursFor(DEMO_HOURS, day).is_open) day = addDays(day, 1);
  const ninety = addDays(today, -89);
  const list = '/api/appointments?per_page=20';
  const pages = new Map<Tenant, string>([
    [small, await cursorOf(http, small, list, 20)],
    [big, await cursorOf(http, big, list, 20)],
  ]);
  const reads: Array<[string, (t: Tenant) => string, 'v1' | 'v2']> = [
    ['v1 appointments, first page (50)', () => '/api/appointments?per_page=50', 'v1'],
    ['v1 appointments, 20th page by cursor (20 a page)', (t) => `${list}&cursor=${pages.get(t)}`, 'v1'],
    [
      'v1 appointments of a calendar on a day',
      () => `/api/appointments/1?date_from=${day}&date_to=${day}`,
      'v1',
    ],
    ['v1 clients of a calendar, per_page=20', () => '/api/clients/1?per_page=20', 'v1'],
    ['v1 statistics, last30days', () => '/api/statistics/appointments?period=last30days', 'v1'],
    [
      'v1 statistics, custom 90 days',
      () => `/api/statistics/appointments?period=custom&start_date=${ninety}&end_date=${today}`,
      'v1',
    ],
    ['v1 calendars report', () => '/api/statistics/calendars', 'v1'],
    ['v1 clients report', () => '/api/statistics/clients', 'v1'],
    [
      'v2 calendar-slots over 62 days',
      () => `/api/v2/calendar-slots?from=${today}&to=${addDays(today, 61)}`,
      'v2',
    ],
    ['v2 events feed, a page', () => '/api/v2/events', 'v2'],
  ];
  const label = `${SMALL.toLocaleString('en')} → ${BIG.toLocaleString('en')}`;
  for (const [name, path, api] of reads) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 5; i++) {
      await http.call('GET', path(small), small[api]);
      await http.call('GET', path(big), big[api]);
    }
    for (let i = 0; i < (quick ? 10 : 40); i++) {
      a.push(await timed(() => http.call('GET', path(small), small[api])));
      b.push(await timed(() => http.call('GET', path(big), big[api])));
    }
    const [pa, pb] = [median(a), median(b)];
    row(
      `${name}: p50 ${label} appointments`,
      `${ms(pa)} → ${ms(pb)} (×${(pb / pa).toFixed(2)})`,
      'goal ≤ 1.5×, ≤ 60 ms',
    );
  }
}
