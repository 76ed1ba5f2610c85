import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEED_ROUTE, NOT_FOUND_ENTRY, PAGE_ROUTES, ROUTES } from '../../../../shared/routes';

/**
 * `npm start` and `npm run admin` run their script from a bundle (scripts/run.js), made again only when a
 * file it was made from changed; the handlers and writers the code requires by path are in it.
 */
const RUN = require.resolve('../../../../scripts/run.js');
const { ensureBundle, codeCacheOf } = require(RUN) as {
  ensureBundle(name: 'start' | 'admin', folder?: string): Promise<{ bundle: string; state: string }>;
  codeCacheOf(bundle: string, source: string): string;
};
const ROOT = join(__dirname, '..', '..', '..', '..');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'run-script-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const stampOf = (bundle: string) =>
  JSON.parse(readFileSync(`${bundle}.inputs.json`, 'utf8')) as Record<string, string | null>;

// The bundles `npm start` runs (the test run's set-up makes them when out of date; alone, the first call).
test("start's bundle is up to date once made; it serves every route's handler and the writers", async () => {
  const made = await ensureBundle('start');
  expect(made.bundle).toMatch(/\/node_modules\/\.cache\/booking-scripts\/start\.js$/);
  expect(await ensureBundle('start')).toEqual({ ...made, state: 'up to date' });

  const bundle = readFileSync(made.bundle, 'utf8');
  const entries = [...ROUTES, FEED_ROUTE, ...PAGE_ROUTES].map((route) => route.entry);
  for (const entry of [...entries, NOT_FOUND_ENTRY, 'shared/http/writers/xml-writer.ts'])
    expect([entry, bundle.includes(JSON.stringify(join(ROOT, entry)))]).toEqual([entry, true]);

  // The record: every source (sizes and times), the folders walked for the table, this build's options.
  const recorded = Object.keys(stampOf(made.bundle));
  for (const file of ['scripts/start.ts', 'shared/local/runtime.ts', 'functions', 'scripts/run.js'])
    expect([file, recorded.includes(join(ROOT, file))]).toEqual([file, true]);
  expect(recorded.some((file) => file.includes('/node_modules/zod/'))).toBe(true);
});

test('a bundle is made again when a source differs from its record', async () => {
  // A copy of the run's bundle and record, one source's record changed.
  const { bundle: made } = await ensureBundle('start');
  const bundle = join(folder, 'start.js');
  copyFileSync(made, bundle);
  const recorded = stampOf(made);
  const source = join(ROOT, 'scripts', 'start.ts');
  expect(recorded[source]).toMatch(/^\d+:[\d.]+$/);
  writeFileSync(`${bundle}.inputs.json`, JSON.stringify({ ...recorded, [source]: '1:1' }));
  expect(await ensureBundle('start', folder)).toEqual({ bundle, state: 'built' });
  expect(stampOf(bundle)[source]).toBe(recorded[source]);
  expect((await ensureBundle('start', folder)).state).toBe('up to date');
});

test('a bundle runs with the code cache its last run left at exit; a refused or older one is replaced', () => {
  const bundle = join(folder, 'tiny.js');
  writeFileSync(bundle, 'module.exports = { sum: [1, 2, 3].reduce((a, b) => a + b, 0), here: __dirname };');
  // In a process of its own, as run.js runs a script: the cache is written when that process exits.
  const run = () =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '-e',
          `console.log(JSON.stringify(require(${JSON.stringify(RUN)}).runBundle(${JSON.stringify(bundle)})))`,
        ],
        { encoding: 'utf8' },
      ),
    ) as { exports: unknown; codeCache: string };
  const cache = codeCacheOf(bundle, readFileSync(bundle, 'utf8'));
  // A Node before 20.12 has no loader for a script's import(): the bundle is required plainly.
  if (
    !(require('node:vm') as { constants?: Record<string, unknown> }).constants
      ?.USE_MAIN_CONTEXT_DEFAULT_LOADER
  ) {
    expect(run()).toEqual({ exports: { sum: 6, here: folder }, codeCache: 'unsupported' });
    return;
  }
  expect(run()).toEqual({ exports: { sum: 6, here: folder }, codeCache: 'none' });
  expect(existsSync(cache)).toBe(true);
  expect(run().codeCache).toBe('used');

  const older = `${bundle}.0123456789abcdef.code-cache`;
  writeFileSync(older, 'the cache of an older bundle');
  writeFileSync(cache, 'not a code cache');
  expect(run()).toEqual({ exports: { sum: 6, here: folder }, codeCache: 'refused' });
  expect(run().codeCache).toBe('used');
  expect(existsSync(older)).toBe(false);

  // A process that fails leaves no cache (it would hold little more than the bundle's first lines).
  const failing = join(folder, 'failing.js');
  writeFileSync(failing, 'process.exitCode = 3;');
  expect(() =>
    execFileSync(process.execPath, [
      '-e',
      `require(${JSON.stringify(RUN)}).runBundle(${JSON.stringify(failing)})`,
    ]),
  ).toThrow();
  expect(existsSync(codeCacheOf(failing, readFileSync(failing, 'utf8')))).toBe(false);
});
