/**
 * The handler tests of the v1 API (every endpoint, its cursors, its debug data, the statistics recount), one
 * subject module each in test/handlers/v1/, run as one test file on one table (the README's "Tests" says
 * why). One subject alone: `npx jest test/handlers/v1.test.ts -t v1-cursors`.
 */
describe('v1-api', () => {
  require('./v1/v1-api');
});
describe('v1-cursors', () => {
  require('./v1/v1-cursors');
});
describe('v1-debug', () => {
  require('./v1/v1-debug');
});
describe('recount-stats', () => {
  require('./v1/recount-stats');
});
