/**
 * The handler tests of who may call (tokens, publishable keys and limits, admin settings, self-service,
 * rotation, closures), one subject module each in test/features/access/handlers/, run as one test file on one table
 * (the README's "Tests" says why). One subject alone: `npx jest test/features/access/handlers.test.ts -t security`.
 */
import { subjects } from '../../support/subjects';

subjects({
  security: () => require('./handlers/security'),
  'keys-and-limits': () => require('./handlers/keys-and-limits'),
  'admin-settings': () => require('./handlers/admin-settings'),
  'self-service': () => require('./handlers/self-service'),
  'rotation-and-closures': () => require('./handlers/rotation-and-closures'),
});
