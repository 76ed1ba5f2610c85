/**
 * The handler tests of who may call (tokens, publishable keys and limits, admin settings, self-service,
 * rotation, closures), one subject module each in test/handlers/access/, run as one test file on one table
 * (the README's "Tests" says why). One subject alone: `npx jest test/handlers/access.test.ts -t security`.
 */
import { subjects } from '../support/subjects';

subjects({
  security: () => require('./access/security'),
  'keys-and-limits': () => require('./access/keys-and-limits'),
  'admin-settings': () => require('./access/admin-settings'),
  'self-service': () => require('./access/self-service'),
  'rotation-and-closures': () => require('./access/rotation-and-closures'),
});
