/**
 * The table's helpers against DynamoDB Local, one subject module each in test/unit/db/, run as one test
 * file on one table, as the handler tests' subjects are (the README's "Tests" says why). One subject alone:
 * `npx jest test/unit/db.test.ts -t paging`.
 */
import { subjects } from '../support/subjects';

subjects({
  'flat-reads': () => require('./db/flat-reads'),
  'id-blocks': () => require('./db/id-blocks'),
  paging: () => require('./db/paging'),
  'reads-together': () => require('./db/reads-together'),
  'slot-lists': () => require('./db/slot-lists'),
});
