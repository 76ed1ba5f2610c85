/**
 * How every function is bundled: the options of the stack's NodejsFunction and, the same options for
 * esbuild's JS API, what the bundle test and the benchmark build. One place, so they cannot drift apart.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';
import { WRITERS } from '../shared/http/formats';

/**
 * Which data a bundle needs, by the module that reads it (paths relative to the repository root, the
 * same as in an esbuild metafile), and what to copy (relative to the data folder, shared/core/data).
 */
export const DATA_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'shared/features/schedule/domain/holidays.ts': ['holidays'],
  'shared/features/contact/domain/phone.ts': ['phone-metadata.json.br'],
  'shared/features/contact/domain/email.ts': ['free-email-domains.txt.br'],
};

export const ROOT = join(__dirname, '..');
/** What a bundle may weigh (minified, AWS SDK and Powertools external); test/infra/bundle-size.test.ts holds it. */
export const BUNDLE_LIMIT_BYTES = 300 * 1024;
/**
 * The functions that verify or list passkeys carry SimpleWebAuthn's server (its X.509 and ASN.1 parsers
 * for attestation statements, about 250 KB minified): 600 KB for those, the other functions' limit for
 * the rest. (The listing does not need the verifier; its module is shared with the routes that do.)
 */
export const PASSKEY_BUNDLE_LIMIT_BYTES = 600 * 1024;
export const bundleLimitOf = (entry: string): number =>
  /^functions\/v2\/(passkeys|sessions\/passkey)/.test(entry)
    ? PASSKEY_BUNDLE_LIMIT_BYTES
    : BUNDLE_LIMIT_BYTES;
/**
 * The AWS SDK, and the HTTP handler the store client is built with (shared/db/deadline.ts, which finds it
 * from the DynamoDB client's own folder, so the runtime's SDK brings it as its own dependency); bundled, it
 * would bring @smithy/core along (about 125 KB minified).
 */
export const SDK_EXTERNALS = ['@aws-sdk/*', '@smithy/node-http-handler'];
/**
 * What no bundle carries: the AWS SDK (the nodejs22.x runtime has it) and Powertools with the X-Ray SDK
 * (AWS's Powertools layer, infra/stage/config.ts POWERTOOLS_VERSION, attached to every function). The stack, the
 * bundle-size test and the benchmark all build with these, so what is measured is what deploys.
 */
export const BUNDLE_EXTERNALS = [...SDK_EXTERNALS, '@aws-lambda-powertools/*', 'aws-xray-sdk-core'];

/**
 * Libraries date-holidays-parser imports for calendars no generated country uses (data-files.ts,
 * UNBUNDLED_CALENDARS), and moment-timezone, which it only needs for holiday start/end instants the
 * holidays module never asks for (it sets no time zone). Each is replaced by a stub that throws if ever
 * called. Paths are relative to the project root, where the stack's esbuild runs.
 */
export const ALIASES: Readonly<Record<string, string>> = {
  'moment-timezone': './infra/bundle-stubs/unbundled.js',
  'date-chinese': './infra/bundle-stubs/unbundled.js',
  'jalaali-js': './infra/bundle-stubs/unbundled.js',
  'date-bengali-revised': './infra/bundle-stubs/unbundled.js',
  astronomia: './infra/bundle-stubs/astronomia',
};

/**
 * How a function's code is written out: minified, CommonJS for the nodejs22.x runtime, with a source map of
 * positions only (the stack traces name the project's files; shared/telemetry/source-stack.ts reads it).
 * The stack's NodejsFunction and esbuildOptions() below both take these.
 */
export const BUNDLE_OUTPUT = {
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  target: 'node22',
  format: 'cjs',
} as const satisfies BuildOptions;

/** esbuild JS API options equal to the stack's bundling (for the test and the benchmark). */
export const esbuildOptions = (): BuildOptions => ({
  ...BUNDLE_OUTPUT,
  bundle: true,
  platform: 'node',
  external: BUNDLE_EXTERNALS,
  alias: { ...ALIASES },
  absWorkingDir: ROOT,
  metafile: true,
  logLevel: 'silent',
});

/** The data (relative to shared/core/data) a bundle needs, from the modules its metafile lists. */
export function dataOf(inputs: Iterable<string>): string[] {
  const wanted = new Set<string>();
  for (const input of inputs) for (const data of DATA_OWNERS[input] ?? []) wanted.add(data);
  return [...wanted].sort();
}

/** Where the writers formats.ts loads on first use live in the repository (one module each). */
export const WRITERS_SOURCE_DIR = 'shared/http/writers';
/** Where the source-map reader source-stack.ts loads when it first maps an error's stack lives. */
export const MAPS_SOURCE_DIR = 'shared/telemetry/maps';

/**
 * Modules a bundle's module loads by path on first use, by that module (as in a metafile): each is
 * bundled apart into the folder of its own folder's name beside the function's index.js (writers/,
 * maps/), and so is not in the function's bundle: V8 compiles all of index.js when a function loads.
 */
export const FIRST_USE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'shared/http/formats.ts': WRITERS.map((name) => `${WRITERS_SOURCE_DIR}/${name}.ts`),
  'shared/telemetry/source-stack.ts': [`${MAPS_SOURCE_DIR}/trace-mapping.ts`],
};

/** The modules (relative to ROOT) a bundle loads on first use, from the modules it holds. */
export function firstUseOf(inputs: Iterable<string>): string[] {
  const wanted = new Set<string>();
  for (const input of inputs) for (const module of FIRST_USE_OWNERS[input] ?? []) wanted.add(module);
  return [...wanted].sort();
}

/** The writer modules (XML, CSV) a bundle loads on first use, from the modules it holds. */
export const writersOf = (inputs: Iterable<string>): string[] =>
  firstUseOf(inputs).filter((module) => module.startsWith(`${WRITERS_SOURCE_DIR}/`));

/**
 * Bundles modules loaded on first use with the functions' options, one file each, into <dir>/writers/
 * and <dir>/maps/ (what formats.ts and source-stack.ts require beside index.js); returns the metafile,
 * whose outputs say what each weighs.
 */
export function buildWriters(dir: string, entries: readonly string[]): Metafile {
  const meta: Metafile = { inputs: {}, outputs: {} };
  for (const source of new Set(entries.map((entry) => dirname(entry)))) {
    const result = buildSync({
      ...esbuildOptions(),
      entryPoints: entries.filter((entry) => dirname(entry) === source),
      outbase: source,
      outdir: join(dir, basename(source)),
    });
    const built = result.metafile as Metafile;
    Object.assign(meta.inputs, built.inputs);
    Object.assign(meta.outputs, built.outputs);
  }
  return meta;
}

/**
 * The modules whose code is in a bundle's output file (index.js): not every module esbuild parsed
 * (`meta.inputs`, which holds the ones tree shaking dropped too), only those with bytes in the output.
 * What the asset carries beside index.js follows from these, here and in asset-sizes.ts alike.
 */
export function modulesInOutput(meta: Metafile, outputFile?: string): string[] {
  const outputs = Object.entries(meta.outputs).filter(
    ([file, output]) => output.entryPoint !== undefined && (outputFile === undefined || file === outputFile),
  );
  if (outputs.length !== 1) throw new Error(`expected one bundle in the metafile, found ${outputs.length}`);
  const [, output] = outputs[0] as [string, Metafile['outputs'][string]];
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

/**
 * After esbuild (a command hook of the stack): copies into the function's asset the data its bundle's
 * modules read and bundles beside it the modules they load on first use (writers, map reader), both found in esbuild's
 * metafile (the modules in index.js, modulesInOutput), then removes the metafile (it is not deployed).
 */
export function copyBundleData(outputDir: string): {
  data: string[];
  writers: string[];
  firstUse: string[];
} {
  const metaFile = join(outputDir, 'index.meta.json');
  if (!existsSync(metaFile)) throw new Error(`no esbuild metafile in ${outputDir}`);
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Metafile;
  const inOutput = modulesInOutput(meta);
  const copied = dataOf(inOutput);
  for (const data of copied) {
    cpSync(join(ROOT, 'shared', 'core', 'data', data), join(outputDir, 'data', data), { recursive: true });
  }
  const firstUse = firstUseOf(inOutput);
  if (firstUse.length > 0) buildWriters(outputDir, firstUse);
  rmSync(metaFile);
  return { data: copied, writers: writersOf(inOutput), firstUse };
}

/** The module that reads the widget's script: a bundle with it gets the built widget script beside index.js. */
const EMBED_READER = 'shared/features/pages/http/embed-file.ts';

if (require.main === module) {
  const [outputDir] = process.argv.slice(2);
  if (!outputDir) throw new Error('usage: node --require tsx/cjs infra/bundling.ts <bundle output dir>');
  const metaFile = join(outputDir, 'index.meta.json');
  const inputs = existsSync(metaFile) ? modulesInOutput(JSON.parse(readFileSync(metaFile, 'utf8'))) : [];
  copyBundleData(outputDir);
  if (inputs.some((input) => input.endsWith(EMBED_READER))) {
    // `require`, not `import()`: this runs under tsx's CommonJS hook (shared/local/runtime.ts says why).
    const { buildWeb } = require('../shared/local/web-build') as typeof import('../shared/local/web-build');
    void buildWeb(join(outputDir, 'embed.js'));
    void buildWeb(join(outputDir, 'console.js'), 'console');
  }
}
