/**
 * The handler tests of booking through v2 (slots and capacity, Idempotency-Key, contention, the manage page, the seed),
 * one subject module each in test/handlers/booking/, run as one test file: the README's "Tests" says why
 * and how to run one subject (`npx jest test/handlers/booking.test.ts -t v2-booking`).
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
