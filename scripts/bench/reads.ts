/** Read latency: the same reads for a tenant with a little history and one with six times more. */

import { median, ms, quick, row, timed } from './table';
import { type Client, type Tenant, target } from './tenants';

export async function readRows(http: Client, little: Tenant, heavy: Tenant): Promise<void> {
  const reads: Array<[string, string]> = [
    ['one day of slots (v2)', `/api/v2/calendar-slots?date=${target}`],
    ['first page of appointments (v1)', '/api/appointments?per_page=50'],
    ["a day's statistics (v1)", `/api/statistics/appointments?period=specific_day&date=${target}`],
    ['calendar report (v1)', '/api/statistics/calendars'],
    ['client report (v1)', '/api/statistics/clients'],
  ];
  for (const [name, path] of reads) {
    const api = path.startsWith('/api/v2') ? 'v2' : 'v1';
    const a: number[] = [];
    const b: number[] = [];
    // Interleaved, so both tenants see the same engine state.
    for (let i = 0; i < 10; i++) {
      await http.call('GET', path, little[api]);
      await http.call('GET', path, heavy[api]);
    }
    for (let i = 0; i < (quick ? 15 : 60); i++) {
      a.push(await timed(() => http.call('GET', path, little[api])));
      b.push(await timed(() => http.call('GET', path, heavy[api])));
    }
    const [pa, pb] = [median(a), median(b)];
    row(
      `${name}: p50 little → 6× history`,
      `${ms(pa)} → ${ms(pb)} (×${(pb / pa).toFixed(2)})`,
      'goal ratio ≤ 1.5',
    );
  }
}
