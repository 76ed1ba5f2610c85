/**
 * The handler tests of booking through v2 (slots and capacity, Idempotency-Key, contention, the manage page,
 * the seed), one subject module each in test/handlers/booking/, run as one test file on one table (the
 * README's "Tests" says why). One subject alone: `npx jest test/handlers/booking.test.ts -t idempotency`.
 */
describe('v2-booking', () => {
  require('./booking/v2-booking');
});
describe('idempotency', () => {
  require('./booking/idempotency');
});
describe('contention', () => {
  require('./booking/contention');
});
describe('manage-booking', () => {
  require('./booking/manage-booking');
});
describe('seed', () => {
  require('./booking/seed');
});
