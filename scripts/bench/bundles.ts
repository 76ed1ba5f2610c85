/**
 * Bundle size and cold import: every function bundled with the stack's options (infra/bundling.ts) in one
 * esbuild call, then each imported in a fresh Node process, against a bare handler that only creates the
 * DynamoDB document client (issue 31, point 4: the floor). The bundles load Powertools as Lambda does,
 * from outside the bundle (resolved here from node_modules, on Lambda from the layer), with metrics and
 * tracing on. Bundles are written under cdk.out so the external AWS SDK resolves.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_LIMIT_BYTES, esbuildOptions, ROOT } from '../../infra/bundling';
import { NOT_FOUND_ENTRY, ROUTES } from '../../shared/routes';
import { lambdaProcessEnv } from './lambda-env';
import { median, ms, percentile, quick, row } from './table';

// The floor: a handler that loads only the DynamoDB document client (the runtime's SDK). Every bundle
// also loads Powertools (the layer's); what Powertools itself costs at cold start: scripts/bench/telemetry.ts.
const BARE = `const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = require('@aws-sdk/lib-dynamodb');
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
exports.handler = async () => ({ statusCode: 200, body: typeof doc.send });
`;

/**
 * A cold import of `file` in a fresh process: the process's whole wall time (Node's own start included,
 * which every function shares) and the module load alone, timed inside the process from before the
 * `require` to after it (issue 57, point 4: the strict measure). Fails loudly if the import throws.
 */
function coldImport(file: string): { whole: number; load: number } {
  const started = performance.now();
  const script = `const t=performance.now();require(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  const result = spawnSync(process.execPath, ['-e', script], {
    // Metrics and tracing on, as deployed (the stack sets no switch that turns them off).
    env: lambdaProcessEnv({
      TABLE_NAME: 'bench',
      STAGE: 'staging',
      AWS_REGION: 'eu-west-3',
      POWERTOOLS_METRICS_DISABLED: 'false',
      POWERTOOLS_TRACE_ENABLED: 'true',
      POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
      AWS_LAMBDA_FUNCTION_NAME: 'bench',
    }),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return { whole: performance.now() - started, load: Number(result.stdout) };
}

interface Turns {
  /** Medians of the whole process: the bundle's and the bare handler's. */
  whole: { time: number; bare: number };
  /** Medians of the module load alone, timed inside the process. */
  load: { time: number; bare: number };
}

/** Bundle and bare handler imported in turns (a shared machine drifts): medians of both, both ways. */
function against(file: string, bare: string, runs: number): Turns {
  const mine: Array<{ whole: number; load: number }> = [];
  const bares: Array<{ whole: number; load: number }> = [];
  for (let i = 0; i < runs; i++) {
    bares.push(coldImport(bare));
    mine.push(coldImport(file));
  }
  const of = (list: typeof mine, part: 'whole' | 'load') => median(list.map((m) => m[part]));
  return {
    whole: { time: of(mine, 'whole'), bare: of(bares, 'whole') },
    load: { time: of(mine, 'load'), bare: of(bares, 'load') },
  };
}

/** Median and p90 of ratios, as the table prints them. */
const spread = (ratios: number[]): string =>
  `×${median(ratios).toFixed(2)} / ×${percentile(ratios, 90).toFixed(2)}`;

export async function bundleRows(): Promise<void> {
  console.log('bundles and cold import');
  mkdirSync(join(ROOT, 'cdk.out'), { recursive: true });
  const out = mkdtempSync(join(ROOT, 'cdk.out', 'bench-bundles-'));
  try {
    const entries = [...new Set([...ROUTES.map((r) => r.entry), NOT_FOUND_ENTRY])];
    const started = performance.now();
    const result = await build({ ...esbuildOptions(), entryPoints: entries, outbase: ROOT, outdir: out });
    row('esbuild, all functions in one call', ms(performance.now() - started));
    const bare = join(out, 'bare.js');
    writeFileSync(bare, BARE);
    const runs = quick ? 5 : 11;
    const bareLoads: number[] = [];
    const bareWholes: number[] = [];
    const loadRatios: number[] = [];
    const wholeRatios: number[] = [];
    const outputs = Object.entries((result.metafile as Metafile).outputs).filter(([, o]) => o.entryPoint);
    let largest = 0;
    let slowest = { entry: '', time: 0, ratio: 0 };
    console.log('    | Function | KB | module load (in the process) | whole process |');
    for (const [file, output] of outputs) {
      const entry = output.entryPoint ?? '';
      const turns = against(join(ROOT, file), bare, runs);
      bareLoads.push(turns.load.bare);
      bareWholes.push(turns.whole.bare);
      const ratio = turns.load.time / turns.load.bare;
      loadRatios.push(ratio);
      wholeRatios.push(turns.whole.time / turns.whole.bare);
      if (ratio > slowest.ratio) slowest = { entry, time: turns.load.time, ratio };
      largest = Math.max(largest, output.bytes);
      console.log(
        `    | ${entry} | ${(output.bytes / 1024).toFixed(0)} | ${ms(turns.load.time)} (×${ratio.toFixed(2)}) | ${ms(turns.whole.time)} (×${(turns.whole.time / turns.whole.bare).toFixed(2)}) |`,
      );
    }
    row(
      'largest function bundle (minified, AWS SDK and Powertools external)',
      `${(largest / 1024).toFixed(0)} KB`,
      `goal ≤ ${BUNDLE_LIMIT_BYTES / 1024} KB`,
    );
    row(
      'bare handler (document client only): module load p50 / whole process p50',
      `${ms(median(bareLoads))} / ${ms(median(bareWholes))}`,
    );
    row(
      `module load / bare handler's, timed inside the process, over the ${loadRatios.length} bundles: median / p90`,
      spread(loadRatios),
      'goal ≤ 1.25× / ≤ 1.5×',
    );
    row(
      `whole process / bare handler's (Node's start included), over the ${wholeRatios.length} bundles: median / p90`,
      spread(wholeRatios),
      '',
    );
    row(
      'slowest module load / bare handler (in turns)',
      `${ms(slowest.time)} (×${slowest.ratio.toFixed(2)}, ${slowest.entry})`,
      '',
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
