import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The dependency rule of docs/design/features.md, checked by dependency-cruiser with the project's own
 * .dependency-cruiser.cjs: over the real tree (no violation: `npm run lint`), and here over small trees
 * that break one rule each (the rule must fire), so the check cannot pass by matching nothing.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
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
  const F = 'shared/features';
  const cases: Array<[string, Record<string, string>]> = [
    [
      'features-meet-at-their-index',
      {
        // Another feature's store or domain file is refused; its index.ts is allowed (below).
        [`${F}/waitlist/services/meet-a.ts`]:
          "import '../../booking/store/meet-b'; import '../../booking/domain/meet-c';",
        [`${F}/booking/store/meet-b.ts`]: '',
        [`${F}/booking/domain/meet-c.ts`]: '',
      },
    ],
    [
      'domain-is-pure',
      {
        [`${F}/pure/domain/pure-a.ts`]: "import '../services/pure-b';",
        [`${F}/pure/services/pure-b.ts`]: '',
      },
    ],
    [
      'services-see-domain-and-ports',
      { [`${F}/svc/services/svc-a.ts`]: "import '../store/svc-b';", [`${F}/svc/store/svc-b.ts`]: '' },
    ],
    [
      'ports-speak-domain',
      { [`${F}/port/ports.ts`]: "import './services/port-b';", [`${F}/port/services/port-b.ts`]: '' },
    ],
    [
      'stores-implement-ports',
      {
        [`${F}/impl/store/impl-a.ts`]: "import '../services/impl-service';",
        [`${F}/impl/services/impl-service.ts`]: '',
      },
    ],
    [
      'debug-is-not-dynamodb',
      { [`${F}/dbg/debug/dbg-a.ts`]: "import '../../../db/dbg-b';", 'shared/db/dbg-b.ts': '' },
    ],
    [
      'http-shapes-do-not-store',
      { [`${F}/shape/http/shape-a.ts`]: "import '../store/shape-b';", [`${F}/shape/store/shape-b.ts`]: '' },
    ],
    [
      'the-kernel-core-stands-alone',
      {
        'shared/core/kernel-a.ts': "import '../features/kern/index';",
        [`${F}/kern/index.ts`]: '',
        'shared/db/kernel-c.ts': "import '../http/kernel-d';",
        'shared/http/kernel-d.ts': '',
      },
    ],
    [
      'features-sit-below-the-stack',
      {
        [`${F}/up/openapi.ts`]: "import '../../openapi/up-b';",
        'shared/openapi/up-b.ts': '',
        [`${F}/up/http/up-c.ts`]: "import '../../../http/up-d';",
        'shared/http/up-d.ts': '',
      },
    ],
    [
      'the-kernel-core-stands-alone',
      { 'shared/shapes/shape-a.ts': "import '../features/shp/index';", [`${F}/shp/index.ts`]: '' },
    ],
    [
      'the-kernel-sees-faces',
      {
        'shared/http/face-a.ts': "import '../features/face/services/face-b';",
        [`${F}/face/services/face-b.ts`]: '',
      },
    ],
    [
      'wiring-is-the-top',
      { [`${F}/top/services/top-a.ts`]: "import '../../../wiring';", 'shared/wiring/index.ts': '' },
    ],
    [
      'handlers-go-through-the-wiring',
      {
        'functions/handler-a.ts': "import '../shared/features/hand/store/handler-b';",
        [`${F}/hand/store/handler-b.ts`]: '',
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
        'web/widget-a.ts': "import '../shared/core/widget-b'; import '../functions/widget-c';",
        'shared/core/widget-b.ts': '',
        'functions/widget-c.ts': '',
      },
    ],
    [
      'no-circular',
      {
        [`${F}/circle/services/circle-a.ts`]: "import './circle-b';",
        [`${F}/circle/services/circle-b.ts`]: "import './circle-a';",
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
    // What the rules allow: a store implementing its feature's ports.ts, a service using another
    // feature's index.ts, the HTTP stack using a feature's http/ shapes.
    const allowed = {
      [`${F}/ok/store/port-user.ts`]: "import '../ports'; import '../domain/record';",
      [`${F}/ok/ports.ts`]: "import './domain/record';",
      [`${F}/ok/domain/record.ts`]: '',
      [`${F}/ok/services/face-user.ts`]: "import '../../booking/index'; import '../ports';",
      [`${F}/booking/index.ts`]: "import './domain/meet-c';",
      'shared/http/shape-user.ts': "import '../features/ok/http/shape';",
      [`${F}/ok/http/shape.ts`]: "import '../domain/record'; import '../../../shapes/fields';",
      'shared/shapes/fields.ts': "import '../core/dates';",
      'shared/core/dates.ts': '',
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

  test("a feature meets another at its index.ts; a store implements its own feature's ports", () => {
    const meet = violations.filter((v) => v.from === `${F}/waitlist/services/meet-a.ts`).map((v) => v.to);
    expect(meet.sort()).toEqual([`${F}/booking/domain/meet-c.ts`, `${F}/booking/store/meet-b.ts`]);
    expect(
      violations.filter((v) => v.from.startsWith(`${F}/ok/`) || v.from === 'shared/http/shape-user.ts'),
    ).toEqual([]);
    expect(violations.filter((v) => v.from === `${F}/booking/index.ts`)).toEqual([]);
  });

  test('browser code may import web/ and the generated API types, and nothing else of the project', () => {
    const widget = violations.filter((v) => v.from === 'web/widget-a.ts').map((v) => v.to);
    expect(widget.sort()).toEqual(['functions/widget-c.ts', 'shared/core/widget-b.ts']);
    expect(violations.filter((v) => v.from.startsWith('web/') && v.from !== 'web/widget-a.ts')).toEqual([]);
  });
});
