import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * No circle of imports, type imports and type re-exports (`export type { X } from`) included: `npm run
 * lint:deps` catches circles of the modules as they run, but its parser does not see every type re-export,
 * and a public face (a feature's index.ts) re-exports types. A circle through them still ties two features
 * into one (docs/design/features.md).
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'(\.{1,2}\/[^']*)'/g;

type Graph = Map<string, Set<string>>;

function graphOf(files: Record<string, string>): Graph {
  const has = (path: string) => path in files;
  const resolve = (from: string, spec: string) => {
    const base = posix.normalize(posix.join(posix.dirname(from), spec));
    return [`${base}.ts`, `${base}/index.ts`, base].find((path) => path.endsWith('.ts') && has(path));
  };
  const graph: Graph = new Map();
  for (const [path, text] of Object.entries(files)) {
    const targets = new Set<string>();
    for (const [, spec] of text.matchAll(IMPORT)) {
      const target = resolve(path, spec as string);
      if (target) targets.add(target);
    }
    graph.set(path, targets);
  }
  return graph;
}

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('the check sees a circle made of a type re-export and a type import', () => {
  const files = {
    'f/a/index.ts': "export type { A } from './a';",
    'f/a/a.ts': "import type { B } from '../b';\nexport interface A { b: B }",
    'f/b/index.ts': "export type { B } from './b';\nexport { c } from './c';",
    'f/b/b.ts': 'export interface B { n: number }',
    'f/b/c.ts': "import type { A } from '../a';\nexport const c = (a: A) => a;",
    'f/d.ts': "import { c } from './b';",
  };
  expect(circles(graphOf(files))).toEqual([['f/a/a.ts', 'f/a/index.ts', 'f/b/c.ts', 'f/b/index.ts']]);
  expect(circles(graphOf({ ...files, 'f/b/index.ts': "export type { B } from './b';" }))).toEqual([]);
});

test('no circle of imports in the server code, type imports and re-exports included', () => {
  const paths = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', 'shared', 'functions', 'infra', 'scripts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((path) => path.endsWith('.ts') && existsSync(join(ROOT, path)));
  const files = Object.fromEntries(paths.map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]));
  expect(Object.keys(files).length).toBeGreaterThan(300);
  expect(circles(graphOf(files))).toEqual([]);
});
