import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEED_ROUTE, NOT_FOUND_ENTRY, PAGE_ROUTES, ROUTES } from '../../shared/routes';

/**
 * `npm start` and `npm run admin` run their script from a bundle (scripts/run.js), made again only when a
 * file it was made from changed; the handlers and writers the code requires by path are in it.
 */
const { ensureBundle } = require('../../scripts/run.js') as {
  ensureBundle(name: 'start' | 'admin', folder?: string): Promise<{ bundle: string; state: string }>;
};
const ROOT = join(__dirname, '..', '..');

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
