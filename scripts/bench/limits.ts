/** What the limits cost a request: the same read with no limit, one limit, and a publishable key's two. */

import { services } from '../../shared/wiring';
import { median, ms, quick, row, timed } from './table';
import { type Client, createTenant, type Headers } from './tenants';

export async function limitRows(http: Client): Promise<void> {
  const free = await createTenant('bench-no-limits');
  const limited = await createTenant('bench-limits');
  // High enough never to refuse here: what is measured is the counting.
  await services().admin.setLimits(limited.accountId, {
    requests_per_minute: 1_000_000,
    visitor_requests_per_minute: 1_000_000,
  });
  const created = await http.call('POST', '/api/v2/keys', limited.v2, {
    name: 'bench',
    allowed_origins: ['https://bench.example'],
  });
  const key: Headers = { 'Access-Token': String(created.json.data.key) };
  const path = '/api/v2/opening-hours';
  const runs: Array<[string, Headers]> = [
    ['no limit', free.v2],
    ['one limit (1 conditional write)', limited.v2],
    ['publishable key, two limits (transaction + batch read)', key],
  ];
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < 10; i++) for (const [, headers] of runs) await http.call('GET', path, headers);
  // Interleaved, so every variant sees the same engine state.
  for (let i = 0; i < (quick ? 20 : 80); i++) {
    for (const [j, [, headers]] of runs.entries())
      samples[j]?.push(await timed(() => http.call('GET', path, headers)));
  }
  const base = median(samples[0] ?? []);
  for (const [j, [name]] of runs.entries()) {
    const p50 = median(samples[j] ?? []);
    row(
      `GET /opening-hours, ${name}: p50`,
      `${ms(p50)} (+${ms(p50 - base)})`,
      j === 0 ? '' : 'what a check adds',
    );
  }
}
