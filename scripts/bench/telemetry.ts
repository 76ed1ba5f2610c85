/**
 * What metrics and tracing cost (issue 22): on a warm request, the telemetry of one booking-shaped
 * invocation with metrics off, metrics on, metrics and tracing on (a child process each, since Powertools
 * reads its switches when it loads); on a cold start, importing Powertools Logger, then Metrics, then
 * Tracer with the X-Ray SDK (what the layer gives every function), each in a fresh Node process, in turns.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../infra/bundling';
import { lambdaProcessEnv } from './lambda-env';
import { median, ms, quick, row } from './table';

const LAMBDA_LIKE = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  LAMBDA_TASK_ROOT: ROOT,
  _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
  // Segments go to the X-Ray daemon's port on loopback, as in Lambda (nothing listens here).
  AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
  AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
};

interface Probe {
  perInvocationUs: number;
  emfBytes: number;
  logBytes: number;
  subsegmentUs: number;
  traced: boolean;
}

function probe(env: Record<string, string>, runs: number): Probe {
  const result = spawnSync(
    process.execPath,
    ['--require', 'tsx/cjs', 'scripts/bench/telemetry-probe.ts', String(runs)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        STAGE: 'staging',
        TABLE_NAME: 'bench',
        AWS_REGION: 'eu-west-3',
        ...env,
      },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`telemetry probe failed: ${result.stderr}`);
  return JSON.parse(result.stderr) as Probe;
}

/** Wall time of requiring `modules` in a fresh Node process, in a cold function's environment. */
function coldImport(modules: readonly string[]): number {
  const started = performance.now();
  const code = modules.map((m) => `require(${JSON.stringify(m)});`).join('');
  const result = spawnSync(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: lambdaProcessEnv(),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`importing ${modules.join(', ')} failed: ${result.stderr}`);
  return performance.now() - started;
}

const us = (n: number) => `${n.toFixed(0)} µs`;

export function telemetryRows(): void {
  console.log('metrics and tracing');
  const runs = quick ? 500 : 3000;
  const median3 = (env: Record<string, string>) => {
    const probes = [probe(env, runs), probe(env, runs), probe(env, runs)];
    return { ...probes[0], perInvocationUs: median(probes.map((p) => p.perInvocationUs)) } as Probe;
  };
  const off = median3({ POWERTOOLS_METRICS_DISABLED: 'true' });
  const metricsOn = median3({ POWERTOOLS_METRICS_DISABLED: 'false' });
  const traced = median3({ POWERTOOLS_METRICS_DISABLED: 'false', ...LAMBDA_LIKE });
  if (!traced.traced) throw new Error('the tracer did not switch on in the Lambda-like probe');
  row('warm request: telemetry with metrics off (route, timing only)', us(off.perInvocationUs));
  row('warm request: + metrics (one EMF line serialized and written)', us(metricsOn.perInvocationUs));
  row('warm request: + tracing (a subsegment with its annotations)', us(traced.perInvocationUs));
  row('warm request: each traced store call (one more subsegment)', us(traced.subsegmentUs));
  row("a booking's EMF line / its request log line", `${metricsOn.emfBytes} / ${metricsOn.logBytes} bytes`);

  const sets = {
    none: [] as string[],
    logger: ['@aws-lambda-powertools/logger'],
    metrics: ['@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics'],
    tracer: [
      '@aws-lambda-powertools/logger',
      '@aws-lambda-powertools/metrics',
      '@aws-lambda-powertools/tracer',
    ],
  };
  const times: Record<keyof typeof sets, number[]> = { none: [], logger: [], metrics: [], tracer: [] };
  for (let i = 0; i < (quick ? 5 : 15); i++) {
    for (const [name, modules] of Object.entries(sets))
      times[name as keyof typeof sets].push(coldImport(modules));
  }
  const base = median(times.none);
  const logger = median(times.logger);
  const metrics = median(times.metrics);
  const tracer = median(times.tracer);
  row('cold import: node alone / + Powertools Logger', `${ms(base)} / +${ms(logger - base)}`);
  row(
    'cold import: + Metrics / + Tracer and the X-Ray SDK',
    `+${ms(metrics - logger)} / +${ms(tracer - metrics)}`,
  );
}
