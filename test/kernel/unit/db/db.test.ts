/**
 * The table's helpers against DynamoDB Local, one subject module each in test/kernel/unit/db/, run as one test
 * file on one table, as the handler tests' subjects are (the README's "Tests" says why). One subject alone:
 * `npx jest test/kernel/unit/db/db.test.ts -t paging`.
 */
import { subjects } from '../../../support/subjects';

subjects({
  'flat-reads': () => require('./flat-reads'),
  'id-blocks': () => require('./id-blocks'),
  paging: () => require('./paging'),
  'reads-together': () => require('./reads-together'),
  'slot-lists': () => require('./slot-lists'),
});
