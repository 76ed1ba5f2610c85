import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/design/features.md lists the features; the tree is the truth. The table between its markers must
 * name exactly the folders under shared/features/, each with its public face (index.ts) where other
 * features use it, so the map cannot go stale unnoticed.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const FEATURES = join(ROOT, 'shared', 'features');

const documented = (): string[] => {
  const doc = readFileSync(join(ROOT, 'docs', 'design', 'features.md'), 'utf8');
  const table = doc
    .split('<!-- features: the folders of shared/features/ -->')[1]
    ?.split('<!-- /features -->')[0];
  if (table === undefined) throw new Error('features.md has lost its markers');
  return [...table.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1] as string).sort();
};

test('the features table of docs/design/features.md names exactly the folders of shared/features/', () => {
  const folders = readdirSync(FEATURES)
    .filter((name) => statSync(join(FEATURES, name)).isDirectory())
    .sort();
  expect(folders.length).toBeGreaterThan(5);
  expect(documented()).toEqual(folders);
});

test('no folder of shared/ holds more than 15 entries (data folders aside)', () => {
  const crowded: string[] = [];
  const walk = (dir: string): void => {
    const entries = readdirSync(dir);
    if (!/\/data(\/|$)/.test(dir) && entries.length > 15)
      crowded.push(`${dir.slice(ROOT.length + 1)}: ${entries.length}`);
    for (const name of entries) if (statSync(join(dir, name)).isDirectory()) walk(join(dir, name));
  };
  walk(join(ROOT, 'shared'));
  expect(crowded).toEqual([]);
});
