/**
 * The handler tests of who may call (tokens, publishable keys and limits, admin settings, self-service,
 * rotation, closures), one subject module each in test/handlers/access/, run as one test file on one table
 * (the README's "Tests" says why). One subject alone: `npx jest test/handlers/access.test.ts -t security`.
 */
describe('security', () => {
  require('./access/security');
});
describe('keys-and-limits', () => {
  require('./access/keys-and-limits');
});
describe('admin-settings', () => {
  require('./access/admin-settings');
});
describe('self-service', () => {
  require('./access/self-service');
});
describe('rotation-and-closures', () => {
  require('./access/rotation-and-closures');
});
