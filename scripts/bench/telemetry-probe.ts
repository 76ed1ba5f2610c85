/**
 * Child process of scripts/bench/telemetry.ts: runs invocations shaped like a booking's through the
 * telemetry (begin, one business count, end: the EMF line serialized and written) and reports on stderr
 * the time per invocation and the EMF line's size. The environment says whether metrics and tracing are on.
 */
import { performance } from 'node:perf_hooks';

const runs = Number(process.argv[2] ?? 2000);
const { beginInvocation, count, endInvocation, runInvocation } =
  require('../../shared/telemetry/invocation') as typeof import('../../shared/telemetry/invocation');
const tracer = (
  require('../../shared/telemetry/tracer') as typeof import('../../shared/telemetry/tracer')
).tracer();

// The line is serialized and handed to stdout as in Lambda; the bench keeps its size, not the text.
let emfBytes = 0;
process.stdout.write = ((chunk: string | Uint8Array) => {
  emfBytes = Buffer.byteLength(chunk.toString());
  return true;
}) as typeof process.stdout.write;

const booking = (i: number) =>
  runInvocation(async () => {
    const invocation = beginInvocation('POST /api/v2/appointments', 'book-appointment', `req-${i}`);
    count('BookingsMade');
    endInvocation(invocation, { status: 200, code: 'ok' });
  });

async function main() {
  for (let i = 0; i < 200; i++) await booking(i);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await booking(i);
  const perInvocationUs = ((performance.now() - started) * 1000) / runs;
  const lastEmf = emfBytes;
  // One subsegment, as each traced store call adds.
  let subsegmentUs = 0;
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (parent) {
    const t = performance.now();
    for (let i = 0; i < runs; i++) parent.addNewSubsegment('DynamoDB').close();
    subsegmentUs = ((performance.now() - t) * 1000) / runs;
  }
  // The request's log line (shared/http/middleware/request-context.ts) with a booking's fields, at info.
  const { logger } = require('../../shared/logger') as typeof import('../../shared/logger');
  logger.setLogLevel('INFO');
  logger.info('request', {
    request_id: 'Jb3xqgK2CGYEMfA=',
    route: 'POST /api/v2/appointments',
    method: 'POST',
    path: '/api/v2/appointments',
    status: 200,
    duration_ms: 38.9,
    store_ms: 21.4,
    entity: 'acct-5f3a9c1d2e',
  });
  process.stderr.write(
    JSON.stringify({
      perInvocationUs,
      emfBytes: lastEmf,
      logBytes: emfBytes,
      subsegmentUs,
      traced: tracer.isTracingEnabled(),
    }),
  );
}

main().catch((error: Error) => {
  process.stderr.write(`probe failed: ${error.message}`);
  process.exit(1);
});
