import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * docs/design/feature-map.md names, for each feature, its files in every layer: each cell's backquoted
 * paths are under the folder its column heading gives. Every such path must exist (a `*` names a folder's
 * files: the folder must hold some), so the map says what the tree holds.
 */
const ROOT = join(__dirname, '..', '..');
const MAP = readFileSync(join(ROOT, 'docs', 'design', 'feature-map.md'), 'utf8');

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const codeIn = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
const looksLikePath = (text: string) => /^[\w./*-]+$/.test(text) && /\.(ts|md)$|\/\*$/.test(text);

const rows = MAP.split('\n').filter((line) => line.startsWith('|'));
const header = cellsOf(rows[0] ?? '');
const bases = header.map((cell) => codeIn(cell)[0]);
const body = rows.slice(2).map(cellsOf);

const named: Array<[string, string]> = body.flatMap((cells) =>
  cells.flatMap((cell, column) => {
    const base = bases[column];
    if (!base) return [];
    return codeIn(cell)
      .filter(looksLikePath)
      .map((path): [string, string] => [cells[0] ?? '', join(base, path)]);
  }),
);

test('the map has a row per feature and a folder per column', () => {
  expect(header).toHaveLength(9);
  expect(bases.slice(1).every((base) => typeof base === 'string')).toBe(true);
  expect(body.map((cells) => cells[0])).toEqual(
    expect.arrayContaining([
      'Limits',
      'Publishable keys',
      'Client e-mails',
      'Staff feed',
      'Open days',
      'Idempotency',
    ]),
  );
  expect(named.length).toBeGreaterThan(100);
});

test.each(named)('%s: %s exists', (_feature, path) => {
  if (path.endsWith('*')) {
    const folder = dirname(path);
    expect(existsSync(join(ROOT, folder)) && readdirSync(join(ROOT, folder)).length > 0).toBe(true);
  } else {
    expect(existsSync(join(ROOT, path))).toBe(true);
  }
});
