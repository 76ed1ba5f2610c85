/** The benchmark's result table and timing helpers. Timings live in the benchmark, never in tests. */
export const quick = process.argv.includes('--quick');
const rows: Array<[string, string, string]> = [];

/** Records a row and prints it at once (the table is printed again at the end). */
export function row(what: string, value: string, goal = ''): void {
  rows.push([what, value, goal]);
  console.log(`  ${what}: ${value}${goal ? `  (${goal})` : ''}`);
}

export function printTable(): void {
  console.log('\n| Measure | Result | Goal |\n|---|---|---|');
  for (const [what, value, goal] of rows) console.log(`| ${what} | ${value} | ${goal} |`);
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
export const median = (values: number[]): number => percentile(values, 50);
export const ms = (n: number): string => `${n.toFixed(1)} ms`;

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** `times` timings of fn after a warm-up (DynamoDB Local's JVM and the handlers' first calls). */
export async function sample(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 15; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push(await timed(fn));
  return out;
}

/** Runs `total` jobs with `concurrency` workers; jobs per second. */
export async function perSecond(total: number, concurrency: number, job: (i: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) await job(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total / ((performance.now() - started) / 1000);
}
