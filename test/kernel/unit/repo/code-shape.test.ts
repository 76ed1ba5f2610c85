import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The code's shape (docs/design/features.md, "Code that reads well"): no source file over 300 lines, and no
 * function, method, constructor or port method with more than four positional parameters (one named object
 * instead, so a port and its adapter share one type). Read with TypeScript 5's parser (the project builds
 * with TypeScript 7, which has no JavaScript API; tools/openapi-typescript carries version 5).
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const MAX_LINES = 300;
const MAX_PARAMETERS = 4;
type Ts = typeof import('../../../../tools/openapi-typescript/node_modules/typescript');
const ts = require(
  require.resolve('typescript', { paths: [join(ROOT, 'node_modules', 'openapi-typescript-runner')] }),
) as Ts;

const sources = (): string[] =>
  (require('node:child_process') as typeof import('node:child_process'))
    .execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', 'functions', 'shared', 'infra', 'scripts', 'web'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    .split('\n')
    .filter(
      (path) => /\.(ts|js|cjs|mjs)$/.test(path) && !path.endsWith('.d.ts') && !path.startsWith('web/dist/'),
    );

/** Each function-like declaration with more than MAX_PARAMETERS parameters, as `path:line name (n)`. */
function longSignatures(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: import('../../../../tools/openapi-typescript/node_modules/typescript').Node): void => {
    if (ts.isFunctionLike(node) && node.parameters.length > MAX_PARAMETERS) {
      const name = 'name' in node && node.name ? node.name.getText(file) : '(anonymous)';
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push(`${path}:${line} ${name} (${node.parameters.length})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('the check finds a long signature, in a function, a method and a port', () => {
  const text = [
    'export function f(a: 1, b: 2, c: 3, d: 4, e: 5) {}',
    'class C { m(a: 1, b: 2, c: 3, d: 4, e?: 5) {} ok(a: 1, b: 2, c: 3, d: 4) {} }',
    'interface Port { read(a: 1, b: 2, c: 3, d: 4, ...e: 5[]): void; fine(input: { a: 1 }): void }',
  ].join('\n');
  expect(longSignatures('x.ts', text)).toEqual(['x.ts:1 f (5)', 'x.ts:2 m (5)', 'x.ts:3 read (5)']);
});

test(`no source file is over ${MAX_LINES} lines`, () => {
  const long = sources()
    .map((path) => [path, readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1] as const)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([path, lines]) => `${path}: ${lines}`);
  expect(long).toEqual([]);
});

test(`no function, method or port takes more than ${MAX_PARAMETERS} positional parameters`, () => {
  const long = sources().flatMap((path) => longSignatures(path, readFileSync(join(ROOT, path), 'utf8')));
  expect(long).toEqual([]);
});
