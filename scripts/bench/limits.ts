/**
 * What the limits cost a request: the same read with no limit and with limits, for a secret token (the
 * entity's limit: one conditional write) and for a publishable key (the public's and the visitor's limits:
 * one transaction for both, the counts for the headers read while the request goes on).
 */

import { services } from '../../shared/wiring';
import { median, ms, quick, row, timed } from './table';
import { type Client, createTenant, type Headers } from './tenants';

export async function limitRows(http: Client): Promise<void> {
  const free = await createTenant('bench-no-limits');
  const limited = await createTenant('bench-limits');
  // High enough never to refuse here: what is measured is the counting.
  await services().admin.setLimits(limited.accountId, {
    requests_per_minute: 1_000_000,
    public_requests_per_minute: 1_000_000,
    visitor_requests_per_minute: 1_000_000,
  });
  const keyOf = async (headers: Headers): Promise<Headers> => {
    const created = await http.call('POST', '/api/v2/keys', headers, {
      name: 'bench',
      allowed_origins: ['https://bench.example'],
    });
    return { 'Access-Token': String(created.json.data.key) };
  };
  const path = '/api/v2/opening-hours';
  // Each limited run is compared with the same credential's run without a limit.
  const runs: Array<{ name: string; headers: Headers; base?: number; goal?: string }> = [
    { name: 'secret token, no limit', headers: free.v2 },
    {
      name: 'secret token, entity limit (1 conditional write)',
      headers: limited.v2,
      base: 0,
      goal: 'goal ≤ +3 ms, 1 write',
    },
    { name: 'publishable key, no limit', headers: await keyOf(free.v2) },
    {
      name: 'publishable key, public + visitor limits (1 transaction, counts read aside)',
      headers: await keyOf(limited.v2),
      base: 2,
      goal: 'goal: one write, no round trip more than the entity limit',
    },
  ];
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < 10; i++) for (const { headers } of runs) await http.call('GET', path, headers);
  // Interleaved, so every variant sees the same engine state and the same load.
  for (let i = 0; i < (quick ? 20 : 80); i++) {
    for (const [j, { headers }] of runs.entries())
      samples[j]?.push(await timed(() => http.call('GET', path, headers)));
  }
  for (const [j, { name, base, goal }] of runs.entries()) {
    const p50 = median(samples[j] ?? []);
    const added = base === undefined ? '' : ` (+${ms(p50 - median(samples[base] ?? []))})`;
    row(`GET /opening-hours, ${name}: p50`, `${ms(p50)}${added}`, goal ?? '');
  }
}
