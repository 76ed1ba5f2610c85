/**
 * Child process of scripts/bench/telemetry.ts: runs invocations shaped like a booking's through the
 * telemetry (begin, one business count, end: the EMF line serialized and written) and reports on stderr
 * the time per invocation and the EMF line's size. The environment says whether metrics and tracing are on.
 */
import { performance } from 'node:perf_hooks';

const runs = Number(process.argv[2] ?? 2000);
const { beginInvocation, count, endInvocation, runInvocation } =
  require('../../shared/telemetry/invocation') as typeof import('../../shared/telemetry/invocation');
const { tracer } = require('../../shared/telemetry/tracer') as typeof import('../../shared/telemetry/tracer');

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
  process.stderr.write(
    JSON.stringify({ perInvocationUs, emfBytes, subsegmentUs, traced: tracer.isTracingEnabled() }),
  );
}

main().catch((error: Error) => {
  process.stderr.write(`probe failed: ${error.message}`);
  process.exit(1);
});
