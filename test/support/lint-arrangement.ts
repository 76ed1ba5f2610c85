import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * A check that runs once per CI run in `npm run lint` rather than in `npm test`: `npm run <script>` is
 * `command`, `npm run lint` runs it, and CI (.ci/run) runs `npm run lint` before `npm test`. Returns
 * .ci/run's lines for a caller's own checks.
 */
export function expectRunByLintBeforeTests(script: string, command: string): string[] {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  expect(scripts[script]).toBe(command);
  expect(scripts.lint).toMatch(new RegExp(`&& npm run ${script}(\\s|$)`));
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n');
  expect(ci.indexOf('npm run lint')).toBeGreaterThan(-1);
  expect(ci.indexOf('npm run lint')).toBeLessThan(ci.indexOf('npm test'));
  return ci;
}
