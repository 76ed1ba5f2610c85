import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The dependency rule of docs/design/layers.md, checked by dependency-cruiser with the project's own
 * .dependency-cruiser.cjs: over the real tree (no violation: `npm run lint`), and here over small trees
 * that break one rule each (the rule must fire), so the check cannot pass by matching nothing.
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

/**
 * The real tree is cruised once per CI run, by `npm run lint` (lint:deps, which fails on any violation)
 * before the tests, not again in `npm test` (about 3 s of CPU): this holds that arrangement in place.
 */
test('the project follows its dependency rule: `npm run lint`, which CI runs first, cruises the whole tree', () => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  expect(scripts['lint:deps']).toBe(
    'depcruise --config .dependency-cruiser.cjs shared functions scripts infra web',
  );
  expect(scripts.lint).toMatch(/&& npm run lint:deps(\s|$)/);
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n');
  expect(ci).toContain('set -euo pipefail');
  expect(ci.indexOf('npm run lint')).toBeGreaterThan(-1);
  expect(ci.indexOf('npm run lint')).toBeLessThan(ci.indexOf('npm test'));
});

/**
 * One small tree that breaks each rule once, through files named after the rule (so each violation is
 * told apart), cruised in one run: every rule must fire, on its own files.
 */
describe('each rule fires on a tree that breaks it', () => {
  const cases: Array<[string, Record<string, string>]> = [
    [
      'domain-is-pure',
      { 'shared/domain/pure.ts': "import '../services/pure-b';", 'shared/services/pure-b.ts': '' },
    ],
    [
      'services-own-their-ports',
      {
        'shared/services/ports-a.ts': "import '../repositories/ports-b';",
        'shared/repositories/ports-b.ts': '',
      },
    ],
    [
      'adapters-implement-ports',
      {
        'shared/repositories/adapter-a.ts': "import '../services/adapter-service';",
        'shared/services/adapter-service.ts': '',
      },
    ],
    [
      'adapters-implement-ports',
      {
        // Of a feature folder, an adapter sees its ports.ts only: not a service beside it, nor a stray port file.
        'shared/adapters/feature-a.ts':
          "import '../services/feature/feature-service'; import '../services/feature/feature-ports';",
        'shared/services/feature/feature-service.ts': '',
        'shared/services/feature/feature-ports.ts': '',
      },
    ],
    [
      'http-does-not-store',
      { 'shared/http/store-a.ts': "import '../db/store-b';", 'shared/db/store-b.ts': '' },
    ],
    [
      'db-is-a-driver',
      { 'shared/db/driver-a.ts': "import '../http/driver-b';", 'shared/http/driver-b.ts': '' },
    ],
    [
      'wiring-is-the-top',
      { 'shared/services/top-a.ts': "import '../wiring';", 'shared/wiring/index.ts': '' },
    ],
    [
      'handlers-go-through-the-wiring',
      {
        'functions/handler-a.ts': "import '../shared/repositories/handler-b';",
        'shared/repositories/handler-b.ts': '',
      },
    ],
    [
      'nothing-imports-the-browser-code',
      { 'shared/http/page-a.ts': "import '../../web/page-b';", 'web/page-b.ts': '' },
    ],
    [
      'web-stands-apart',
      {
        // Browser code reaching into the server's code (or the server's configuration) is refused.
        'web/widget-a.ts': "import '../shared/domain/widget-b'; import '../functions/widget-c';",
        'shared/domain/widget-b.ts': '',
        'functions/widget-c.ts': '',
      },
    ],
    [
      'no-circular',
      {
        'shared/services/circle-a.ts': "import './circle-b';",
        'shared/services/circle-b.ts': "import './circle-a';",
      },
    ],
  ];
  let violations: Violation[] = [];
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'layers-'));
    writeFileSync(join(dir, 'tsconfig.json'), '{ "compilerOptions": { "module": "commonjs" } }');
    for (const [, files] of cases) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), `${text}\nexport const x = 1;\n`);
      }
    }
    const allowed = {
      'shared/repositories/port-user.ts': "import '../services/feature/ports';",
      'shared/services/feature/ports.ts': '',
    };
    for (const [path, text] of Object.entries(allowed)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${text}\nexport const x = 1;\n`);
    }
    violations = cruise(dir, ['shared', 'functions', 'web']);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.each(cases)('%s', (rule, files) => {
    const mine = violations.filter((v) => v.from in files).map((v) => v.rule.name);
    expect(mine).toContain(rule);
  });

  test("an adapter may import a feature's ports.ts, and nothing else of services/", () => {
    const adapter = violations.filter((v) => v.from === 'shared/adapters/feature-a.ts').map((v) => v.to);
    expect(adapter.sort()).toEqual([
      'shared/services/feature/feature-ports.ts',
      'shared/services/feature/feature-service.ts',
    ]);
    expect(violations.filter((v) => v.from === 'shared/repositories/port-user.ts')).toEqual([]);
  });

  test('browser code may import web/ and the generated API types, and nothing else of the project', () => {
    const widget = violations.filter((v) => v.from === 'web/widget-a.ts').map((v) => v.to);
    expect(widget.sort()).toEqual(['functions/widget-c.ts', 'shared/domain/widget-b.ts']);
    expect(violations.filter((v) => v.from.startsWith('web/') && v.from !== 'web/widget-a.ts')).toEqual([]);
  });
});
