/**
 * `npm run bench`: measures on the local runtime (the HTTP server, the real handlers, DynamoDB Local in
 * memory) in one run and prints a table. Timings live here, never in tests. See README "Benchmark".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { javaProblem } from '../shared/local/java';
import { parseLocalEnv, startLocalRuntime } from '../shared/local/runtime';

const ROOT = join(__dirname, '..');
const quick = process.argv.includes('--quick');
const rows: Array<[string, string, string]> = [];
const row = (what: string, value: string, goal = '') => {
  rows.push([what, value, goal]);
  console.log(`  ${what}: ${value}${goal ? `  (${goal})` : ''}`);
};

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
async function sample(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 15; i++) await fn(); // warm-up: DynamoDB Local's JVM and the handlers' first calls
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push(await timed(fn));
  return out;
}

async function main() {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  // The handlers read LOG_LEVEL once, when the runtime loads them: silence them before.
  process.env.LOG_LEVEL = 'silent';
  const runtime = await startLocalRuntime(parseLocalEnv({ ...process.env, LOCAL_DB: 'memory', PORT: '0' }));
  const { services } = await import('../shared/wiring');
  const { documentClient } = await import('../shared/wiring');
  const { config } = await import('../shared/config');
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { addDays } = await import('../shared/domain/dates');
  const base = runtime.url;
  try {
    const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => ({
      day_of_week: d as 'mon',
      start_time1: '00:00:00',
      end_time1: '12:00:00',
      start_time2: '12:00:00',
      end_time2: '23:30:00',
      is_open: 1 as const,
    }));
    // Two tenants in the same table: one with a little history, one with six times more on past days.
    // Reads are measured interleaved once both are loaded, so both see the same engine state.
    const little = await services().admin.createEntity({
      accountId: 'bench-little',
      secret: 'bench-secret',
      hours: everyDay,
    });
    const heavy = await services().admin.createEntity({
      accountId: 'bench-history',
      secret: 'bench-secret',
      hours: everyDay,
    });
    const tokens = (c: typeof little) => ({
      v1: { 'Access-Token': c.v1_token },
      v2: { 'Access-Token': c.v2_token },
    });
    const { v2 } = tokens(little);
    const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return { status: res.status, json: JSON.parse(text) };
    };
    let phone = 0;
    const nextPhone = () => `06${String(10_000_000 + phone++).padStart(8, '0')}`;
    const { publicHoliday } = await import('../shared/domain/holidays');
    /** The next date from `date` on that is not a public holiday (generation refuses those). */
    const workday = (date: string): string => (publicHoliday(date, 'FR') ? workday(addDays(date, 1)) : date);
    const generate = async (headers: Record<string, string>, date: string, capacity = 5, duration = 30) =>
      (
        await call('POST', '/api/v2/calendar-slots/generate', headers, {
          date: workday(date),
          duration,
          max_appointments: capacity,
        })
      ).json.data as Array<{ id: number }>;
    const today = new Date().toISOString().slice(0, 10);
    const target = workday(addDays(today, 3));
    const perDay = quick ? 10 : 30;
    const recentDays = quick ? 2 : 5;

    /** Bookings over HTTP on days to come. */
    const fillRecent = async (headers: Record<string, string>, date: string) => {
      const slots = await generate(headers, date);
      const jobs: Array<Promise<unknown>> = [];
      for (let i = 0; i < perDay; i++) {
        const client = i % 3 === 0 ? `06${String(20_000_000 + (i % 40)).padStart(8, '0')}` : nextPhone();
        jobs.push(
          call('POST', '/api/v2/appointments', headers, {
            client_name: `Bench Client${i}`,
            client_phone: client,
            slot_id: slots[i % slots.length]?.id,
          }),
        );
        if (jobs.length >= 8) await Promise.all(jobs.splice(0));
      }
      await Promise.all(jobs);
    };
    // History is what happened: days more than 30 days ago. Bookings refuse past slots, so the past is
    // booked through the same booking service with its clock set to the day before each slot.
    const { BookingService } = await import('../shared/services/booking-service');
    const { BookingReader } = await import('../shared/repositories/booking-reader');
    const { table } = await import('../shared/wiring');
    const repos = services().repos;
    const fillPast = async (accountId: string, headers: Record<string, string>, day: string) => {
      const slots = await generate(headers, day);
      const clock = () => new Date(`${addDays(day, -1)}T12:00:00Z`);
      const past = new BookingService(
        repos.appointments,
        repos.bookings,
        repos.slots,
        repos.calendars,
        repos.clients,
        repos.sequence,
        clock,
        new BookingReader(table()),
      );
      const entity = {
        entityId: accountId,
        settings: {
          slot_duration: 30,
          max_appointments: 1,
          timezone: 'Europe/Paris',
          country: 'FR',
          default_calendar_id: 1,
        },
      };
      const jobs: Array<Promise<unknown>> = [];
      for (let i = 0; i < perDay; i++) {
        const client = `+336${String(i % 3 === 0 ? 20_000_000 + (i % 40) : 30_000_000 + phone++).padStart(8, '0')}`;
        const status = i % 5 === 0 ? 'cancelled' : 'completed';
        jobs.push(
          past.book(entity, {
            calendarId: 1,
            slotId: slots[i % slots.length]?.id ?? 0,
            firstname: 'Past',
            lastname: `Client${i}`,
            email: null,
            phone: client,
            contractNumber: null,
            status,
          }),
        );
        if (jobs.length >= 8) await Promise.all(jobs.splice(0));
      }
      await Promise.all(jobs);
    };

    console.log(`history: ${recentDays} days for both tenants, ${recentDays * 5} past days more for one`);
    for (const c of [little, heavy]) {
      for (let d = 0; d < recentDays; d++) await fillRecent(tokens(c).v2, addDays(target, d - 2));
    }
    for (let d = 0; d < recentDays * 5; d++) {
      await fillPast(heavy.entity_account_id, tokens(heavy).v2, workday(addDays(today, -40 - 2 * d)));
    }
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
      for (let i = 0; i < 10; i++) {
        await call('GET', path, tokens(little)[api]);
        await call('GET', path, tokens(heavy)[api]);
      }
      for (let i = 0; i < (quick ? 15 : 60); i++) {
        a.push(await timed(() => call('GET', path, tokens(little)[api])));
        b.push(await timed(() => call('GET', path, tokens(heavy)[api])));
      }
      const pa = percentile(a, 50);
      const pb = percentile(b, 50);
      row(
        `${name}: p50 little → 6× history`,
        `${ms(pa)} → ${ms(pb)} (×${(pb / pa).toFixed(2)})`,
        'goal ratio ≤ 1.5',
      );
    }

    console.log('booking latency');
    const latencySlots = await generate(v2, addDays(target, 60), 1000, 30);
    let n = 0;
    const bookings = await sample(quick ? 40 : 150, () =>
      call('POST', '/api/v2/appointments', v2, {
        client_name: 'Lat Ency',
        client_phone: nextPhone(),
        slot_id: latencySlots[n++ % latencySlots.length]?.id,
      }),
    );
    const bookingP50 = percentile(bookings, 50);
    row(
      'booking (POST /api/v2/appointments) p50 / p95',
      `${ms(bookingP50)} / ${ms(percentile(bookings, 95))}`,
    );

    /** A raw TransactWriteItems through the SDK: `items` simple writes, the first one a conditional ADD. */
    const rawTransaction = (items: number) => async () => {
      const id = 9_000_000 + n++;
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: Array.from({ length: items }, (_, i) =>
            i === 0
              ? {
                  Update: {
                    TableName: config.tableName,
                    Key: { pk: 'RAW', sk: 'SLOT' },
                    UpdateExpression: 'ADD #taken :one',
                    ConditionExpression: 'attribute_not_exists(#taken) OR #taken < :max',
                    ExpressionAttributeNames: { '#taken': 'taken' },
                    ExpressionAttributeValues: { ':one': 1, ':max': 1_000_000 },
                  },
                }
              : {
                  Put: {
                    TableName: config.tableName,
                    Item: { pk: 'RAW', sk: `ITEM#${id}#${i}` },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
          ),
        }),
      );
    };
    const raw2 = percentile(await sample(quick ? 40 : 150, rawTransaction(2)), 50);
    const raw10 = percentile(await sample(quick ? 40 : 150, rawTransaction(10)), 50);
    row('raw TransactWriteItems, 2 items (SDK, same engine) p50', ms(raw2));
    row('raw TransactWriteItems, 10 items as a new-client booking writes, p50', ms(raw10));
    row('booking / raw 10-item transaction', `×${(bookingP50 / raw10).toFixed(2)}`, 'goal ≤ 2');
    row('booking / raw 2-item transaction', `×${(bookingP50 / raw2).toFixed(2)}`);

    console.log('throughput');
    const { transactionStats } = await import('../shared/db/transactions');
    const throughput = async (label: string, slotIds: number[], total: number, concurrency: number) => {
      let i = 0;
      const conflictsBefore = transactionStats.conflictRetries;
      const started = performance.now();
      const worker = async () => {
        while (i < total) {
          const slot = slotIds[i++ % slotIds.length];
          await call('POST', '/api/v2/appointments', v2, {
            client_name: 'Through Put',
            client_phone: nextPhone(),
            slot_id: slot,
          });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const conflicts = transactionStats.conflictRetries - conflictsBefore;
      row(
        label,
        `${(total / ((performance.now() - started) / 1000)).toFixed(0)} bookings/s (${total} bookings, ${concurrency} concurrent, ${conflicts} conflict retries)`,
      );
    };
    const [hot] = await generate(v2, addDays(target, 70), 1000, 1440 - 60);
    await throughput('one hot slot', [hot?.id ?? 0], quick ? 60 : 300, 16);
    const many = await generate(v2, addDays(target, 71), 1000, 5);
    await throughput(
      'across many slots',
      many.map((s) => s.id),
      quick ? 60 : 300,
      16,
    );
  } finally {
    await runtime.stop();
  }

  console.log('bundles and cold init');
  const { ROUTES, NOT_FOUND_ENTRY } = await import('../shared/routes');
  const out = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  try {
    const bare = join(out, 'bare.js');
    writeFileSync(bare, 'exports.handler = async () => ({ statusCode: 200, body: "{}" });\n');
    const initTime = (file: string) => {
      const runs: number[] = [];
      for (let i = 0; i < (quick ? 3 : 7); i++) {
        const started = performance.now();
        spawnSync(process.execPath, ['-e', `require(${JSON.stringify(file)})`], {
          stdio: 'ignore',
          env: { ...process.env, TABLE_NAME: 'bench' },
        });
        runs.push(performance.now() - started);
      }
      return percentile(runs, 50);
    };
    const bareInit = initTime(bare);
    row('bare Node handler: cold init p50', ms(bareInit));
    const entries = [...new Set([...ROUTES.map((r) => r.entry), NOT_FOUND_ENTRY])];
    let largest = 0;
    let slowest = 0;
    const sizes: string[] = [];
    for (const entry of entries) {
      const file = join(out, `${entry.replace(/[/.]/g, '_')}.js`);
      mkdirSync(out, { recursive: true });
      await build({
        entryPoints: [join(ROOT, entry)],
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node22',
        format: 'cjs',
        external: ['@aws-sdk/*'],
        outfile: file,
        logLevel: 'silent',
      });
      const size = statSync(file).size;
      largest = Math.max(largest, size);
      sizes.push(`${entry}: ${(size / 1024).toFixed(0)} KB`);
      if (!quick || entries.indexOf(entry) % 4 === 0) slowest = Math.max(slowest, initTime(file));
    }
    console.log(sizes.map((s) => `    ${s}`).join('\n'));
    row(
      'largest function bundle (minified, AWS SDK external)',
      `${(largest / 1024).toFixed(0)} KB`,
      'goal ≤ 300 KB',
    );
    row(
      quick
        ? 'slowest sampled bundle: cold init p50 / bare'
        : 'slowest function bundle: cold init p50 / bare',
      `${ms(slowest)} (×${(slowest / bareInit).toFixed(2)})`,
      'goal ≤ 2×',
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }

  console.log('\n| Measure | Result | Goal |\n|---|---|---|');
  for (const [what, value, goal] of rows) console.log(`| ${what} | ${value} | ${goal} |`);
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${(error as Error).message}`);
  process.exit(1);
});
