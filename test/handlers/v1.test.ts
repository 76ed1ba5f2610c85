/**
 * The handler tests of the v1 API (every endpoint, its cursors, its debug data, the statistics recount), one
 * subject module each in test/handlers/v1/, run as one test file on one table (the README's "Tests" says
 * why). One subject alone: `npx jest test/handlers/v1.test.ts -t v1-cursors`.
 */
import { subjects } from '../support/subjects';

subjects({
  'v1-api': () => require('./v1/v1-api'),
  'v1-cursors': () => require('./v1/v1-cursors'),
  'v1-debug': () => require('./v1/v1-debug'),
  'recount-stats': () => require('./v1/recount-stats'),
});
