import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The dependency rule of DESIGN.md ("Layers"), checked by dependency-cruiser with the project's own
 * .dependency-cruiser.cjs: over the real tree (no violation), and over small trees that break one rule
 * each (the rule must fire), so the check cannot pass by matching nothing.
 */
const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(cwd: string, paths: string[]): Violation[] {
  const out = execFileSync(
    process.execPath,
    [CLI, '--config', CONFIG, '--output-type', 'json', '--no-progress', ...paths],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

test('the project follows its dependency rule: no wrong-way import, no circle', () => {
  const violations = cruise(ROOT, ['shared', 'functions', 'scripts', 'infra']);
  expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
}, 120_000);

describe('each rule fires on a tree that breaks it', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'layers-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, Record<string, string>]> = [
    ['domain-is-pure', { 'shared/domain/a.ts': "import '../services/b';", 'shared/services/b.ts': '' }],
    [
      'services-own-their-ports',
      { 'shared/services/a.ts': "import '../repositories/b';", 'shared/repositories/b.ts': '' },
    ],
    [
      'adapters-implement-ports',
      { 'shared/repositories/a.ts': "import '../services/b-service';", 'shared/services/b-service.ts': '' },
    ],
    ['http-does-not-store', { 'shared/http/a.ts': "import '../db/b';", 'shared/db/b.ts': '' }],
    ['db-is-a-driver', { 'shared/db/a.ts': "import '../http/b';", 'shared/http/b.ts': '' }],
    ['wiring-is-the-top', { 'shared/services/a.ts': "import '../wiring';", 'shared/wiring/index.ts': '' }],
    [
      'handlers-go-through-the-wiring',
      { 'functions/a.ts': "import '../shared/repositories/b';", 'shared/repositories/b.ts': '' },
    ],
    ['no-circular', { 'shared/services/a.ts': "import './b';", 'shared/services/b.ts': "import './a';" }],
  ];

  test.each(cases)(
    '%s',
    (rule, files) => {
      const tree = mkdtempSync(join(dir, 'tree-'));
      writeFileSync(join(tree, 'tsconfig.json'), '{ "compilerOptions": { "module": "commonjs" } }');
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), `${text}\nexport const x = 1;\n`);
      }
      const fired = cruise(
        tree,
        Object.keys(files).map((p) => p.split('/')[0] as string),
      ).map((v) => v.rule.name);
      expect(fired).toContain(rule);
    },
    60_000,
  );
});
