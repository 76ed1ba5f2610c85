/**
 * npm's `prepare` script: run by `npm ci` and `npm install` in this checkout, after the packages are in.
 * It makes, once per install, what the local tools would otherwise make on their first run:
 * - the bundles of `npm start` and `npm run admin` (scripts/run.js), about a second of CPU each;
 * - DynamoDB Local's class-data archive (shared/local/engine/class-archive.ts): about 5 s of CPU, and
 *   every later engine, `npm start`'s or a test run's, starts on half the CPU.
 * Before, the first `npm start` or `npm test` of a fresh clone made them while it ran: a fresh clone's
 * first `npm test` took 169–172 s against 131–148 s for the runs after it (2026-11-27, 2-core machine).
 *
 * Never fails the install: without the development packages (`--omit=dev`), without Java or its `jar`
 * tool, it makes what it can and the tools make the rest as before. Nothing here downloads; its one
 * engine is a throwaway one in memory, stopped before this ends. `npm ci --ignore-scripts` skips it.
 */
const { performance } = require('node:perf_hooks');

const canLoad = (name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
};

async function prepare() {
  // Bundling and TypeScript come with the development packages: an install without them runs no tool.
  if (!canLoad('esbuild') || !canLoad('tsx/cjs')) return;
  const started = performance.now();
  const { ensureBundle } = require('./run.js');
  require('tsx/cjs');
  require('../shared/local/quiet-sdk');
  const { prepareEngineClasses } = require('../shared/local/engine/engine-classes');
  // Each on its own: a bundle that fails to build (a syntax error being edited) leaves the archive made.
  const [start, admin, classes] = await Promise.allSettled([
    ensureBundle('start'),
    ensureBundle('admin'),
    prepareEngineClasses(),
  ]);
  const failed = [start, admin].find((made) => made.status === 'rejected');
  const bundles = failed
    ? `not made (${failed.reason instanceof Error ? failed.reason.message.split('\n')[0]?.replace(/:$/, '') : failed.reason}; npm start and npm run admin make them)`
    : [start, admin].some((made) => made.value.state === 'built')
      ? 'made'
      : 'up to date';
  const archive =
    classes.status === 'fulfilled' && classes.value
      ? "DynamoDB Local's class archive ready"
      : "DynamoDB Local's class archive not made (it needs Java 17+ and the JDK's jar tool; engines start without it)";
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`booking-api prepare: the scripts' bundles ${bundles}; ${archive} (${seconds} s)`);
}

prepare().catch((error) => {
  console.log(
    `booking-api prepare: skipped (${error instanceof Error ? error.message : error}); npm start and npm test make what they need`,
  );
});
