/**
 * The handler tests of booking through v2 (slots and capacity, Idempotency-Key, contention, the manage page,
 * the seed), one subject module each in test/handlers/booking/, run as one test file on one table (the
 * README's "Tests" says why). One subject alone: `npx jest test/handlers/booking.test.ts -t idempotency`.
 */
import { subjects } from '../support/subjects';

subjects({
  'v2-booking': () => require('./booking/v2-booking'),
  idempotency: () => require('./booking/idempotency'),
  contention: () => require('./booking/contention'),
  'manage-booking': () => require('./booking/manage-booking'),
  seed: () => require('./booking/seed'),
});
