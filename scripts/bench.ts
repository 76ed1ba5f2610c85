/**
 * `npm run bench`: measures on the local runtime (the HTTP server, the real handlers, DynamoDB Local in
 * memory) in one run and prints a table. Timings live here, never in tests. See README "Benchmark".
 * Each group of rows is in scripts/bench/.
 */
import '../shared/local/quiet-sdk';
import { javaProblem } from '../shared/local/engine/java';
import { type LocalRuntime, parseLocalEnv, startLocalRuntime } from '../shared/local/runtime';
import { bundleRows } from './bench/bundles';
import { printTable } from './bench/table';
import { telemetryRows } from './bench/telemetry';

/** The runtime the bench measures: the local server over an in-memory DynamoDB Local. */
async function acquireRuntime(): Promise<LocalRuntime> {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  return startLocalRuntime(parseLocalEnv({ ...process.env, LOCAL_DB: 'memory', PORT: '0' }));
}

/**
 * `--only <group>`: only that group, for building and checking it: `scale` (the reads at size and the seed),
 * `bookings` (a booking against a raw transaction, throughput), `limits` (what a limit check adds),
 * `bundles` (bundle sizes and cold imports; no runtime), `capacity` (write and read units per operation).
 */
const only = (() => {
  const at = process.argv.indexOf('--only');
  return at >= 0 ? process.argv[at + 1] : undefined;
})();

async function main() {
  if (only === 'bundles') {
    await bundleRows();
    printTable();
    return;
  }
  // The handlers read LOG_LEVEL once, when the runtime loads them: silence them before.
  process.env.LOG_LEVEL = 'silent';
  // Nor an EMF line per request on the bench's output: what metrics and tracing cost is measured apart
  // (scripts/bench/telemetry.ts).
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  // Credentials as deployed: each token read at most once per 5 s and instance (0 under a plain npm start).
  process.env.TOKEN_CACHE_SECONDS ??= '5';
  const runtime = await acquireRuntime();
  try {
    // Loaded once the runtime has set the table's environment (the config is read when loaded).
    const { client } = require('./bench/tenants') as typeof import('./bench/tenants');
    const { scaleRows } = require('./bench/scale') as typeof import('./bench/scale');
    const http = client(runtime.url);
    if (only === 'bookings' || only === 'limits') await oneGroup(http, only, runtime.events);
    else if (only === 'capacity') await capacityGroup(http);
    else {
      if (only !== 'scale') await runtimeRows(http, runtime.events);
      await scaleRows(http);
    }
  } finally {
    await runtime.stop();
  }
  if (only === undefined) {
    await bundleRows();
    telemetryRows();
  }
  printTable();
}

/** The groups measured on the local runtime before the reads at size. */
async function runtimeRows(
  http: ReturnType<typeof import('./bench/tenants').client>,
  events: LocalRuntime['events'],
): Promise<void> {
  const { createTenant, fillHistory } = require('./bench/tenants') as typeof import('./bench/tenants');
  const { readRows } = require('./bench/reads') as typeof import('./bench/reads');
  const { bookingRows } = require('./bench/bookings') as typeof import('./bench/bookings');
  const { pageRows } = require('./bench/pages') as typeof import('./bench/pages');
  const { limitRows } = require('./bench/limits') as typeof import('./bench/limits');
  const little = await createTenant('bench-little');
  const heavy = await createTenant('bench-history');
  await fillHistory(http, little, heavy);
  await readRows(http, little, heavy);
  await bookingRows(http, little, events);
  await pageRows(http);
  await limitRows(http);
  await capacityGroup(http);
}

/** Write and read units per operation (scripts/bench/capacity.ts), on a tenant of its own. */
async function capacityGroup(http: ReturnType<typeof import('./bench/tenants').client>): Promise<void> {
  const { createTenant } = require('./bench/tenants') as typeof import('./bench/tenants');
  const { capacityRows } = require('./bench/capacity') as typeof import('./bench/capacity');
  await capacityRows(http, await createTenant('bench-capacity'));
}

/** One group of the runtime's rows alone (`--only bookings`, `--only limits`). */
async function oneGroup(
  http: ReturnType<typeof import('./bench/tenants').client>,
  group: 'bookings' | 'limits',
  events: LocalRuntime['events'],
): Promise<void> {
  if (group === 'limits') {
    const { limitRows } = require('./bench/limits') as typeof import('./bench/limits');
    await limitRows(http);
    return;
  }
  const { createTenant } = require('./bench/tenants') as typeof import('./bench/tenants');
  const { bookingRows } = require('./bench/bookings') as typeof import('./bench/bookings');
  await bookingRows(http, await createTenant('bench-little'), events);
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${(error as Error).message}`);
  process.exit(1);
});
