/**
 * The handler tests of the v1 API (every endpoint, its cursors, its debug data, the statistics recount), one
 * subject module each in test/features/v1-reads/handlers/, run as one test file on one table (the README's "Tests" says
 * why). One subject alone: `npx jest test/features/v1-reads/handlers.test.ts -t v1-cursors`.
 */
import { subjects } from '../../support/subjects';

subjects({
  'v1-api': () => require('./handlers/v1-api'),
  'v1-cursors': () => require('./handlers/v1-cursors'),
  'v1-debug': () => require('./handlers/v1-debug'),
  'recount-stats': () => require('./handlers/recount-stats'),
});
