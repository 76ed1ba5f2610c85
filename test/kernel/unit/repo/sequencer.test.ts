import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The test sequencer (test/support/jest/sequencer.js) on a clone where jest has no times of its own yet. */
const ROOT = join(__dirname, '..', '..', '..', '..');
interface FileTest {
  path: string;
  context: unknown;
}
const SpreadSequencer = require('../../../support/jest/sequencer') as new (
  options: unknown,
) => { sort(tests: FileTest[]): FileTest[] };

// `cache: false`: jest's record of the last run is not read, as on a fresh clone.
const context = (project: string) => ({
  config: { cache: false, displayName: { name: project } },
  hasteFS: { getSize: (path: string) => (existsSync(path) ? statSync(path).size : 1000) },
});
const store = context('store');
const unit = context('unit');
const order = (files: Array<[string, unknown]>) =>
  new SpreadSequencer({})
    .sort(files.map(([file, inProject]) => ({ path: join(ROOT, file), context: inProject })))
    .map((test) => relative(ROOT, test.path));

it('puts the slowest files first from the recorded times, not the largest', () => {
  const files = [
    'test/infra/stages.test.ts',
    'test/kernel/unit/core/dates.test.ts',
    'test/features/schedule/unit/slot-budget.test.ts',
  ];
  // As recorded (npm run test:durations writes the table again): slowest first, with no ties.
  const { seconds } = require('../../../support/jest/durations.json') as { seconds: Record<string, number> };
  const slowestFirst = [...files].sort((a, b) => (seconds[b] ?? 0) - (seconds[a] ?? 0));
  expect(new Set(files.map((file) => seconds[file])).size).toBe(files.length);
  // By size, stages.test.ts (a few lines that import its subjects) is not first: the table puts it there.
  const bySize = [...files].sort((a, b) => statSync(join(ROOT, b)).size - statSync(join(ROOT, a)).size);
  expect(bySize).not.toEqual(slowestFirst);
  expect(order(files.map((file) => [file, /\/unit\//.test(file) ? unit : store]))).toEqual(slowestFirst);
});

it('runs a file without a recorded time (a new one) first, as jest does', () => {
  expect(
    order([
      ['test/infra/stages.test.ts', store],
      ['test/features/waitlist/unit/a-new-file.test.ts', unit],
    ]),
  ).toEqual(['test/features/waitlist/unit/a-new-file.test.ts', 'test/infra/stages.test.ts']);
});
