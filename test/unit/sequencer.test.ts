import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The test sequencer (test/support/sequencer.js) on a clone where jest has no times of its own yet. */
const ROOT = join(__dirname, '..', '..');
interface FileTest {
  path: string;
  context: unknown;
}
const SpreadSequencer = require('../support/sequencer') as new (
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
  // stages.test.ts is a few lines that import its subjects, and one of the slowest files.
  const sizes = ['test/infra/stages.test.ts', 'test/unit/dates.test.ts'].map(
    (file) => statSync(join(ROOT, file)).size,
  );
  expect(sizes[0]).toBeLessThan(sizes[1] ?? 0);
  expect(
    order([
      ['test/unit/dates.test.ts', unit],
      ['test/unit/slot-budget.test.ts', unit],
      ['test/infra/stages.test.ts', store],
    ]),
  ).toEqual(['test/infra/stages.test.ts', 'test/unit/dates.test.ts', 'test/unit/slot-budget.test.ts']);
});

it('runs a file without a recorded time (a new one) first, as jest does', () => {
  expect(
    order([
      ['test/infra/stages.test.ts', store],
      ['test/unit/a-new-file.test.ts', unit],
    ]),
  ).toEqual(['test/unit/a-new-file.test.ts', 'test/infra/stages.test.ts']);
});
