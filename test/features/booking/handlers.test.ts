/**
 * The handler tests of booking through v2 (slots and capacity, Idempotency-Key, contention, the manage page,
 * the business's list and changes of appointments, the seed), one subject module each in test/features/booking/handlers/, run as one test file on one table (the
 * README's "Tests" says why). One subject alone: `npx jest test/features/booking/handlers.test.ts -t idempotency`.
 */
import { subjects } from '../../support/subjects';

subjects({
  'v2-booking': () => require('./handlers/v2-booking'),
  idempotency: () => require('./handlers/idempotency'),
  contention: () => require('./handlers/contention'),
  'manage-booking': () => require('./handlers/manage-booking'),
  'link-power': () => require('./handlers/link-power'),
  'cancel-token-shapes': () => require('./handlers/cancel-token-shapes'),
  'business-appointments': () => require('./handlers/business-appointments'),
  seed: () => require('./handlers/seed'),
});
