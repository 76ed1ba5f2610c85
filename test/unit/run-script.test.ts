import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

test("start's bundle: made once, then up to date; it serves every route's handler and the writers", async () => {
  const made = await ensureBundle('start', folder);
  expect(made).toEqual({ bundle: join(folder, 'start.js'), state: 'built' });
  expect(await ensureBundle('start', folder)).toEqual({ ...made, state: 'up to date' });

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
  const { bundle } = await ensureBundle('admin', folder);
  expect((await ensureBundle('admin', folder)).state).toBe('up to date');
  const recorded = stampOf(bundle);
  const source = join(ROOT, 'scripts', 'admin.ts');
  expect(recorded[source]).toMatch(/^\d+:[\d.]+$/);
  writeFileSync(`${bundle}.inputs.json`, JSON.stringify({ ...recorded, [source]: '1:1' }));
  expect((await ensureBundle('admin', folder)).state).toBe('built');
  expect(stampOf(bundle)[source]).toBe(recorded[source]);
  expect((await ensureBundle('admin', folder)).state).toBe('up to date');
});
