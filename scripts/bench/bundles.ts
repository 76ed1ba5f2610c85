/**
 * Bundle size and cold import: every function bundled with the stack's options (infra/bundling.ts) in one
 * esbuild call, then each imported in a fresh Node process, against a bare handler that only creates the
 * DynamoDB document client and loads Powertools (both outside the bundles). Bundles are written under cdk.out so the external AWS SDK resolves.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_LIMIT_BYTES, esbuildOptions, ROOT } from '../../infra/bundling';
import { NOT_FOUND_ENTRY, ROUTES } from '../../shared/routes';
import { median, ms, quick, row } from './table';

// What every function loads besides its bundle: the SDK (the runtime's) and Powertools with the X-Ray SDK
// (the layer's). What Powertools itself costs at cold start: scripts/bench/telemetry.ts.
const BARE = `const { DynamoDBClient } = require('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = require('@aws-sdk/lib-dynamodb');
require('@aws-lambda-powertools/logger');
require('@aws-lambda-powertools/metrics');
require('@aws-lambda-powertools/tracer');
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
exports.handler = async () => ({ statusCode: 200, body: typeof doc.send });
`;

/** Wall time of `node -e require(file)` in a fresh process; fails loudly if the import throws. */
function coldImport(file: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(file)})`], {
    env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'eu-west-3' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return performance.now() - started;
}

/** Bundle and bare handler imported in turns (a shared machine drifts): medians of both. */
function against(file: string, bare: string, runs: number): { time: number; bare: number } {
  const times: number[] = [];
  const bares: number[] = [];
  for (let i = 0; i < runs; i++) {
    bares.push(coldImport(bare));
    times.push(coldImport(file));
  }
  return { time: median(times), bare: median(bares) };
}

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
    const allBare: number[] = [];
    const outputs = Object.entries((result.metafile as Metafile).outputs).filter(([, o]) => o.entryPoint);
    let largest = 0;
    let slowest = { entry: '', time: 0, ratio: 0 };
    console.log('    | Function | KB | cold import |');
    for (const [file, output] of outputs) {
      const entry = output.entryPoint ?? '';
      const { time, bare: bareTime } = against(join(ROOT, file), bare, runs);
      allBare.push(bareTime);
      const ratio = time / bareTime;
      if (ratio > slowest.ratio) slowest = { entry, time, ratio };
      largest = Math.max(largest, output.bytes);
      console.log(
        `    | ${entry} | ${(output.bytes / 1024).toFixed(0)} | ${ms(time)} (×${ratio.toFixed(2)}) |`,
      );
    }
    row(
      'largest function bundle (minified, AWS SDK and Powertools external)',
      `${(largest / 1024).toFixed(0)} KB`,
      `goal ≤ ${BUNDLE_LIMIT_BYTES / 1024} KB`,
    );
    row('bare handler (document client, Powertools loaded): cold import p50', ms(median(allBare)));
    row(
      'slowest cold import / bare handler (measured in turns)',
      `${ms(slowest.time)} (×${slowest.ratio.toFixed(2)}, ${slowest.entry})`,
      'goal ≤ 1.5×',
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
