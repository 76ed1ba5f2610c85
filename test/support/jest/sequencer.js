/**
 * Jest's order of test files (slowest first, from the last run's timings), with the files that mostly wait
 * on the run's one DynamoDB Local spread among the others. DynamoDB Local answers on one thread: two such
 * files side by side, one per worker, wait on it in turn and leave a core idle, where one beside an infra
 * or unit file keeps both cores busy. Each kind keeps jest's order; the next file is taken from the kind
 * that is further behind, in time (or size) already handed out against its total.
 */
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The time of each file in a whole run, committed (test/support/jest/durations.json; `npm run test:durations`
 * writes it again): the time of a file that jest has none of its own for. Jest keeps the last run's times
 * per clone, so a fresh clone (CI) had none and went by file size: test/infra/stages.test.ts, a few lines
 * that import its subjects, one of the slowest files, ran last and alone (for 15 s, one core idle, at the
 * end of a fresh clone's run on 2026-11-27). A file missing from the table (a new one) goes first, as jest
 * does.
 */
const RECORDED = require('./durations.json').seconds;
const ROOT = join(__dirname, '..', '..', '..');
const recorded = (test) => {
  const seconds = RECORDED[relative(ROOT, test.path)];
  return seconds === undefined ? undefined : seconds * 1000;
};

/**
 * The files that spend their time on the shared DynamoDB Local: the store project's handler tests and the
 * unit tests jest.config.js puts in that project (UNIT_WITH_STORE); its process tests (under an http/
 * folder), infra and browser tests spend theirs in processes of their own.
 */
const onEngine = (test) =>
  test.context.config.displayName?.name === 'store' &&
  !/\/test\/(?:.+\/)?(http|infra|browser)\//.test(test.path);

class SpreadSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded(test);
  }

  sort(tests) {
    const sorted = super.sort(tests);
    const weight = (test) => test.duration ?? test.context.hasteFS.getSize(test.path) ?? 1;
    const kinds = [sorted.filter((t) => onEngine(t)), sorted.filter((t) => !onEngine(t))];
    const totals = kinds.map((list) => list.reduce((sum, t) => sum + weight(t), 0) || 1);
    const given = [0, 0];
    const order = [];
    while (kinds[0].length + kinds[1].length > 0) {
      const k =
        kinds[1].length === 0 || (kinds[0].length > 0 && given[0] / totals[0] <= given[1] / totals[1])
          ? 0
          : 1;
      const test = kinds[k].shift();
      given[k] += weight(test);
      order.push(test);
    }
    return order;
  }
}

module.exports = SpreadSequencer;
