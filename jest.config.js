/** Jest: one DynamoDB Local for the whole run (global set-up), one table per test file (setup file). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  // middy 6 ships ES modules only: let swc turn it into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!@middy/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/per-file-env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/per-file-table.ts'],
  // Three workers on two cores: the process and HTTP tests spend most of their time waiting.
  maxWorkers: 3,
  testTimeout: 60000,
};
