/**
 * Jest, two projects. Tests follow the code's map: test/features/<feature>/ holds one feature's tests,
 * test/kernel/ the kernel's, and in either a `unit/` folder holds the tests that need no store.
 * `store`: one DynamoDB Local for the whole run (global set-up), one table per test file (setup file).
 * `unit`: the tests under a unit/ folder that need no store (domain rules, middleware with stand-ins,
 * services over the in-memory store): no table, and no DynamoDB Local when only they run.
 */

/** Tests under a unit/ folder that do use DynamoDB Local: they run in the `store` project. */
const UNIT_WITH_STORE = [
  'db/db\\.test\\.ts$',
  'middleware/idempotency\\.test\\.ts$',
  'middleware/stack\\.test\\.ts$',
];
/** A path under a unit/ folder of test/, and one of those that use the store. */
const UNIT = '<rootDir>/test/(?:.+/)?unit/';
const WITH_STORE = `(?:.+/)?(?:${UNIT_WITH_STORE.join('|')})`;

const common = {
  // Node's, each file's globals in a plain V8 context (test/support/jest/node-environment.js says why).
  testEnvironment: '<rootDir>/test/support/jest/node-environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  // middy 6 ships ES modules only: let swc turn it into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!@middy/)'],
  setupFiles: ['<rootDir>/test/support/jest/per-file-env.ts'],
  // Each module compiled once per worker, evaluated afresh in every file (test/support/jest/jest-runtime.js).
  runtime: '<rootDir>/test/support/jest/jest-runtime.js',
  // Each file's AsyncLocalStorage instances are disabled after it (test/support/jest/async-storage.ts says why).
  setupFilesAfterEnv: ['<rootDir>/test/support/jest/async-storage.ts'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/unit/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', `${UNIT}${WITH_STORE}`],
    },
    {
      ...common,
      displayName: 'store',
      testPathIgnorePatterns: ['/node_modules/', `${UNIT}(?!${WITH_STORE})`],
      // Node's, deleting each file's tables when it ends (test/support/jest/store-environment.js says why).
      testEnvironment: '<rootDir>/test/support/jest/store-environment.js',
      globalSetup: '<rootDir>/test/support/jest/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/jest/global-teardown.ts',
      setupFilesAfterEnv: [...common.setupFilesAfterEnv, '<rootDir>/test/support/jest/per-file-table.ts'],
    },
  ],
  // Three workers on two cores: the third fills the cores while the others wait on DynamoDB Local, a server
  // or a browser. Measured on this project's 2-core machine on 2026-11-27, four runs each, in turns: 150.7–
  // 159.9 s (mean 156.8 s; the machine's CPU 282–299 s, idle 13–15 core-seconds) against 152.4–169.5 s with
  // two (mean 161.8 s; CPU 269–294 s, idle 27–36). On 2026-11-26, when a run took some 440 s of CPU, three
  // had measured worse (261 and 241 s against 239 and 237 s): a worker's own start and modules then cost
  // more than the waits it filled.
  maxWorkers: 3,
  // The files that wait on the shared DynamoDB Local spread among the others (test/support/jest/sequencer.js).
  testSequencer: '<rootDir>/test/support/jest/sequencer.js',
  // A bound that only ends a hung test, never a slow one: on a machine shared with a second `npm test`, a
  // store test can wait minutes for its turn. Work per test is bounded instead (seeded samples, fixed
  // property-test counts: test/support/sample.ts).
  testTimeout: 300_000,
};
