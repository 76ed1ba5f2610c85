import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWeb } from '../../../../shared/local/web-build';

/**
 * `npm start` builds the widget's script only when what it is built from changed (shared/local/web-build.ts):
 * the stamp beside the script records each source's SHA-256, and a script whose stamp no longer matches, or
 * that is missing, is built again.
 */
let dir: string;
let out: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'web-build-'));
  out = join(dir, 'embed.js');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stamp = () => JSON.parse(readFileSync(`${out}.sources.json`, 'utf8')) as Record<string, string | null>;

test('builds once, then finds the script up to date; records the sources, the options and esbuild', async () => {
  expect(await ensureWeb(out)).toBe('built');
  const built = readFileSync(out, 'utf8');
  expect(built.length).toBeGreaterThan(1000);
  expect(await ensureWeb(out)).toBe('up to date');
  expect(readFileSync(out, 'utf8')).toBe(built);
  const files = Object.keys(stamp());
  for (const source of [
    'web/embed/main.ts',
    'web/embed/widget.ts',
    'web/tsconfig.json',
    'shared/local/web-build.ts',
  ])
    expect(files.some((file) => file.endsWith(source))).toBe(true);
  expect(files.some((file) => file.endsWith('esbuild/package.json'))).toBe(true);
  expect(Object.values(stamp()).every((digest) => /^[0-9a-f]{64}$/.test(digest ?? ''))).toBe(true);
  // Nothing left under a temporary name.
  expect(readdirSync(dir).sort()).toEqual(['embed.js', 'embed.js.sources.json']);
});

test('builds again when a source differs from its stamp, or when the script is missing', async () => {
  expect(await ensureWeb(out)).toBe('up to date');
  const recorded = stamp();
  const main = Object.keys(recorded).find((file) => file.endsWith('web/embed/main.ts')) ?? '';
  writeFileSync(`${out}.sources.json`, JSON.stringify({ ...recorded, [main]: '0'.repeat(64) }));
  expect(await ensureWeb(out)).toBe('built');
  expect(stamp()[main]).toBe(recorded[main]);
  rmSync(out);
  expect(await ensureWeb(out)).toBe('built');
  writeFileSync(`${out}.sources.json`, 'not json');
  expect(await ensureWeb(out)).toBe('built');
  expect(await ensureWeb(out)).toBe('up to date');
});
