/**
 * The table's helpers against DynamoDB Local, one subject module each in test/unit/db/, run as one test
 * file on one table, as the handler tests' subjects are (the README's "Tests" says why). One subject alone:
 * `npx jest test/unit/db.test.ts -t paging`.
 */
describe('flat-reads', () => {
  require('./db/flat-reads');
});
describe('id-blocks', () => {
  require('./db/id-blocks');
});
describe('paging', () => {
  require('./db/paging');
});
describe('reads-together', () => {
  require('./db/reads-together');
});
