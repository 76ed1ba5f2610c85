/**
 * Jest, two projects. `store`: one DynamoDB Local for the whole run (global set-up), one table per test
 * file (setup file). `unit`: the tests under test/unit/ that need no store (domain rules, middleware with
 * stand-ins, services over the in-memory store): no table, and no DynamoDB Local when only they run.
 */

/** Tests under test/unit/ that do use DynamoDB Local: they run in the `store` project. */
const UNIT_WITH_STORE = [
  'db\\.test\\.ts$',
  'middleware/idempotency\\.test\\.ts$',
  'middleware/stack\\.test\\.ts$',
];

const common = {
  // Node's, each file's globals in a plain V8 context (test/support/node-environment.js says why).
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  // middy 6 ships ES modules only: let swc turn it into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!@middy/)'],
  setupFiles: ['<rootDir>/test/support/per-file-env.ts'],
  // Each module compiled once per worker, evaluated afresh in every file (test/support/jest-runtime.js).
  runtime: '<rootDir>/test/support/jest-runtime.js',
  // Each file's AsyncLocalStorage instances are disabled after it (test/support/async-storage.ts says why).
  setupFilesAfterEnv: ['<rootDir>/test/support/async-storage.ts'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/test/unit'],
      testPathIgnorePatterns: ['/node_modules/', ...UNIT_WITH_STORE.map((p) => `<rootDir>/test/unit/${p}`)],
    },
    {
      ...common,
      displayName: 'store',
      testPathIgnorePatterns: ['/node_modules/', `<rootDir>/test/unit/(?!${UNIT_WITH_STORE.join('|')})`],
      // Node's, deleting each file's tables when it ends (test/support/store-environment.js says why).
      testEnvironment: '<rootDir>/test/support/store-environment.js',
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: [...common.setupFilesAfterEnv, '<rootDir>/test/support/per-file-table.ts'],
    },
  ],
  // Three workers on two cores: the third fills the cores while the others wait on DynamoDB Local, a server
  // or a browser. Measured on this project's 2-core machine on 2026-11-27, four runs each, in turns: 150.7–
  // 159.9 s (mean 156.8 s; the machine's CPU 282–299 s, idle 13–15 core-seconds) against 152.4–169.5 s with
  // two (mean 161.8 s; CPU 269–294 s, idle 27–36). On 2026-11-26, when a run took some 440 s of CPU, three
  // had measured worse (261 and 241 s against 239 and 237 s): a worker's own start and modules then cost
  // more than the waits it filled.
  maxWorkers: 3,
  // The files that wait on the shared DynamoDB Local spread among the others (test/support/sequencer.js).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // A bound that only ends a hung test, never a slow one: on a machine shared with a second `npm test`, a
  // store test can wait minutes for its turn. Work per test is bounded instead (seeded samples, fixed
  // property-test counts: test/support/sample.ts).
  testTimeout: 300_000,
};
