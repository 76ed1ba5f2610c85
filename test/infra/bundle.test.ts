import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { copyPackageClosure } from '../../infra/powertools-layer';
import { addRouteFunction } from '../../infra/stacks/route-functions';
import { STAGES } from '../../infra/stage/config';
import { tableActions } from '../../infra/table-access';
import { PAGE_ROUTES, ROUTES, type RouteDef, routeName } from '../../shared/routes';

/**
 * The one test that really bundles (the stack tests skip bundling): one route's function, built by the
 * same code as the stacks (esbuild, CJS, minified, source maps, AWS SDK and Powertools external), then run by plain Node
 * against DynamoDB Local with its sample event. Proves middy's ES modules end up in a CommonJS bundle
 * that loads and answers, and that the XML and CSV writers, bundled apart beside it (writers/), are
 * loaded from there on the first answer in their format only. Built with the Powertools layer made from
 * node_modules (`-c powertoolsLayer=local`), the bundle also runs with only that layer and the AWS SDK beside
 * it, as on Lambda (and in `sam local invoke`). The widget script's function is bundled beside it: the step
 * after esbuild (infra/bundling.ts, run by `node --require tsx/cjs`) builds the widget script into its asset.
 */
const ROOT = join(__dirname, '..', '..');
const route = ROUTES.find((r) => r.path === '/api/health') as RouteDef;
/** The widget's script route: its bundle gets the built widget script (infra/bundling.ts, after esbuild). */
const embedRoute = PAGE_ROUTES.find((r) => r.path === '/embed.js') as RouteDef;
let outdir = '';
let assetDir = '';
let layerDir = '';
let embedDir = '';

beforeAll(() => {
  // Under cdk.out (git-ignored) so that the bundle's external @aws-sdk/* resolve from node_modules.
  mkdirSync(join(ROOT, 'cdk.out'), { recursive: true });
  outdir = mkdtempSync(join(ROOT, 'cdk.out', 'bundle-test-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'BundleTest');
  const table = TableV2.fromTableName(stack, 'Table', process.env.TABLE_NAME ?? 'unused');
  for (const def of [route, embedRoute])
    addRouteFunction(stack, {
      name: routeName(def),
      entry: def.entry,
      actions: tableActions(def),
      stage: { ...STAGES.staging, powertoolsLayer: 'local' },
      table,
    });
  app.synth();
  const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
  // The two functions' bundles and the layer.
  expect(assets).toHaveLength(3);
  const has = (name: string, file: string) => existsSync(join(outdir, name, file));
  const [bundle, layer, embed] = [
    assets.find((name) => has(name, 'index.js') && !has(name, 'embed.js')),
    assets.find((name) => has(name, join('nodejs', 'node_modules'))),
    assets.find((name) => has(name, 'index.js') && has(name, 'embed.js')),
  ];
  assetDir = join(outdir, bundle ?? '');
  layerDir = join(outdir, layer ?? '');
  embedDir = join(outdir, embed ?? '');
}, 300_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

it('bundles the handler with esbuild: minified CommonJS, a source map, the AWS SDK left out', () => {
  const code = readFileSync(join(assetDir, 'index.js'), 'utf8');
  expect(existsSync(join(assetDir, 'index.js.map'))).toBe(true);
  expect(code).toMatch(/sourceMappingURL=index\.js\.map/);
  expect(code).not.toMatch(/^\s*(import|export)\s/m);
  expect(code).toContain('require("@aws-sdk/client-dynamodb")');
  // Minified: long lines (kept licence comments aside). Small enough to load fast: the SDK is not in it.
  expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
  expect(statSync(join(assetDir, 'index.js')).size).toBeLessThan(2 * 1024 * 1024);
});

it("logs an error's stack as the project's files and lines, from a map with no source text, read only then", () => {
  const map = JSON.parse(readFileSync(join(assetDir, 'index.js.map'), 'utf8')) as {
    sources: string[];
    sourcesContent?: unknown;
  };
  expect(map.sourcesContent).toBeUndefined();
  expect(map.sources.some((source) => source.endsWith(route.entry))).toBe(true);
  // As Lambda runs it (no NODE_OPTIONS, so Node reads no map at cold start): an event whose route key
  // cannot be read the first time fails in the telemetry middleware, inside the bundle; the envelope logs
  // the error, its stack mapped to the project's files, and answers 500.
  const run = spawnSync(
    process.execPath,
    [
      '-e',
      `const { handler } = require(${JSON.stringify(join(assetDir, 'index.js'))});
       const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };
       const event = require(${JSON.stringify(join(ROOT, 'events', `${routeName(route)}.json`))});
       let reads = 0;
       Object.defineProperty(event, 'routeKey', {
         get() { if (reads++ === 0) throw new Error('unreadable route key'); return 'GET /api/health'; },
       });
       handler(event, context).then((answer) => process.stdout.write('\\n@@' + answer.statusCode + '\\n'));`,
    ],
    {
      cwd: assetDir,
      env: {
        PATH: process.env.PATH,
        TABLE_NAME: 'unused',
        AWS_REGION: 'eu-west-3',
        STAGE: 'staging',
        LOG_LEVEL: 'info',
        POWERTOOLS_METRICS_DISABLED: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    },
  );
  expect(run.stdout).toMatch(/^@@500$/m);
  // Powertools writes errors on stderr, as Lambda takes them.
  const logged = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message?: string; error?: { stack?: string; location?: string } })
    .find((line) => line.message === 'unhandled error');
  const stack = logged?.error?.stack ?? '';
  // The frame that read the event is the project's middleware, with its .ts line; none is left in the bundle.
  expect(stack).toContain('unreadable route key');
  expect(stack).toMatch(/\/shared\/http\/middleware\/telemetry\.ts:\d+:\d+/);
  expect(stack).toMatch(/node_modules\/@middy\/core\/index\.js:\d+:\d+/);
  expect(stack).not.toContain(`${join(assetDir, 'index.js')}:`);
});

it("the widget script's function gets the built widget script beside its bundle (the step after esbuild)", () => {
  const widget = readFileSync(join(embedDir, 'embed.js'), 'utf8');
  // Built from web/embed/main.ts: one minified script, no module syntax left.
  expect(widget.length).toBeGreaterThan(1000);
  expect(widget).not.toMatch(/^\s*(import|export)\s/m);
  expect(readFileSync(join(embedDir, 'index.js'), 'utf8')).toContain('embed.js');
});

/** Runs `script` (with `handler` and the sample `event` defined) in plain Node inside the asset. */
function runInAsset(script: string): string {
  const prelude = `
    const { handler } = require(${JSON.stringify(join(assetDir, 'index.js'))});
    const event = require(${JSON.stringify(join(ROOT, 'events', `${routeName(route)}.json`))});
    const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };`;
  return execFileSync(process.execPath, ['--enable-source-maps', '-e', prelude + script], {
    cwd: assetDir,
    env: {
      PATH: process.env.PATH,
      TABLE_NAME: process.env.TABLE_NAME,
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
      AWS_REGION: 'eu-west-3',
      STAGE: 'staging',
      LOG_LEVEL: 'silent',
      // A fresh process's first call to a store shared with the rest of the suite can take seconds: the
      // health answer must not depend on the machine's speed here.
      HEALTH_DEADLINE_MS: '30000',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

it('runs in plain Node: the bundled handler answers its sample event from DynamoDB Local', () => {
  const output = runInAsset(`
    handler(event, context).then((result) => process.stdout.write(JSON.stringify(result)));`);
  const lines = output.split('\n');
  const result = JSON.parse(lines.pop() ?? '') as { statusCode: number; body: string };
  expect(result.statusCode).toBe(200);
  expect(JSON.parse(result.body)).toMatchObject({ success: true, data: { database: 'connected' } });
  // Powertools, external to the bundle (the layer's on AWS), writes the invocation's one EMF line.
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({
      _aws: expect.objectContaining({
        CloudWatchMetrics: [expect.objectContaining({ Namespace: 'BookingApi/staging' })],
      }),
      service: 'booking-api',
      route: 'GET /api/health',
      Requests: 1,
      Requests2xx: 1,
    }),
  ]);
});

it('answers ?format=xml and ?format=csv with the writers beside the bundle, each loaded on first use', () => {
  expect(readdirSync(join(assetDir, 'writers')).sort()).toEqual([
    'csv-writer.js',
    'csv-writer.js.map',
    'xml-writer.js',
    'xml-writer.js.map',
  ]);
  const output = runInAsset(`
    const writers = () => Object.keys(require.cache).filter((f) => f.includes('/writers/')).map((f) => require('node:path').relative(process.cwd(), f)).sort();
    const inFormat = (format) => ({ ...event, rawQueryString: 'format=' + format, queryStringParameters: { format } });
    (async () => {
      const steps = [];
      for (const format of ['json', 'xml', 'csv']) {
        const { statusCode, headers, body } = await handler(inFormat(format), context);
        steps.push({ format, statusCode, contentType: headers['content-type'], body, writers: writers() });
      }
      process.stdout.write(JSON.stringify(steps));
    })();`);
  const [json, xml, csv] = JSON.parse(output.split('\n').pop() ?? '') as Array<{
    format: string;
    statusCode: number;
    contentType: string;
    body: string;
    writers: string[];
  }>;
  expect(json).toMatchObject({ statusCode: 200, writers: [] });
  expect(xml).toMatchObject({
    statusCode: 200,
    contentType: 'application/xml; charset=utf-8',
    writers: ['writers/xml-writer.js'],
  });
  expect(xml?.body).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?><response><success>true<\/success><data><status>ok<\/status>/,
  );
  expect(xml?.body).toContain('<database>connected</database>');
  expect(xml?.body).toMatch(/<format>xml<\/format><\/response>$/);
  expect(csv).toMatchObject({
    statusCode: 200,
    contentType: 'text/csv; charset=utf-8',
    writers: ['writers/csv-writer.js', 'writers/xml-writer.js'],
  });
  expect(csv?.body.split('\r\n')[0]).toMatch(/^status,.*\bdatabase$/);
  expect(csv?.body.split('\r\n')[1]).toMatch(/^ok,.*,connected$/);
});

describe('with only the local Powertools layer and the AWS SDK beside it', () => {
  let lambda = '';
  beforeAll(() => {
    // Outside the repository: no node_modules above it, so nothing resolves but what is given.
    lambda = mkdtempSync(join(tmpdir(), 'booking-lambda-'));
    cpSync(assetDir, join(lambda, 'task'), { recursive: true });
    // The runtime's AWS SDK: the clients the bundle requires, with what they depend on; their CommonJS
    // builds only (`require` loads dist-cjs: the ES builds and the type declarations, nine files in ten,
    // are not copied).
    const code = readFileSync(join(assetDir, 'index.js'), 'utf8');
    const sdk = [
      ...new Set([...code.matchAll(/require\("(@aws-sdk\/[a-z0-9-]+)/g)].map((m) => m[1] as string)),
    ];
    expect(sdk).toContain('@aws-sdk/client-dynamodb');
    copyPackageClosure(sdk, join(lambda, 'runtime'), undefined, ['dist-es', 'dist-types']);
  }, 300_000);
  afterAll(() => {
    if (lambda) rmSync(lambda, { recursive: true, force: true });
  });

  /** Node in the copied task folder, NODE_PATH as Lambda sets it: the layers' modules, then the runtime's. */
  const runWith = (paths: string[]) =>
    spawnSync(
      process.execPath,
      [
        '-e',
        `const { handler } = require('./index.js'); const event = require(${JSON.stringify(join(ROOT, 'events', `${routeName(route)}.json`))}); const context = { awsRequestId: 'layer-test', getRemainingTimeInMillis: () => 10000 }; handler(event, context).then((r) => process.stdout.write(JSON.stringify(r)))`,
      ],
      {
        cwd: join(lambda, 'task'),
        env: {
          PATH: process.env.PATH,
          NODE_PATH: paths.join(':'),
          TABLE_NAME: process.env.TABLE_NAME,
          DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
          AWS_REGION: 'eu-west-3',
          STAGE: 'staging',
          // As above: the probe's deadline is not what this test is about.
          HEALTH_DEADLINE_MS: '30000',
          LOG_LEVEL: 'silent',
          AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );

  it('the layer holds Powertools and the X-Ray SDK, and the bundle answers from DynamoDB Local', () => {
    const modules = join(layerDir, 'nodejs', 'node_modules');
    expect(readdirSync(join(modules, '@aws-lambda-powertools')).sort()).toEqual([
      'commons',
      'logger',
      'metrics',
      'tracer',
    ]);
    const run = runWith([modules, join(lambda, 'runtime', 'node_modules')]);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    const result = JSON.parse(lines.pop() ?? '') as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ success: true, data: { database: 'connected' } });
    // Metrics, from the layer, wrote the invocation's EMF line.
    const emf = expect.objectContaining({ service: 'booking-api', route: 'GET /api/health', Requests: 1 });
    expect(lines.map((line) => JSON.parse(line))).toEqual([emf]);
  });

  it('does not run without the layer (Powertools is in no bundle): its first request needs it', () => {
    // The module loads without Powertools (made on first use, shared/logger.ts); the invocation fails.
    const run = runWith([join(lambda, 'runtime', 'node_modules')]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/Cannot find module '@aws-lambda-powertools\//);
  });
});
