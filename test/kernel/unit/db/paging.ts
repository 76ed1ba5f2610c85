import { BatchWriteCommand, type QueryCommand } from '@aws-sdk/lib-dynamodb';
import { queryPage, queryPageNearestEnd } from '../../../../shared/db/paging';
import type { TableHandle } from '../../../../shared/db/table-handle';
import { documentClient } from '../../../../shared/wiring';

/**
 * Pages that cost what they return (issue: valid work is never refused or lost): with the list's total
 * known, the last page and a page past the end read no more items than the first page, however long the
 * list. Measured in items the store returns, not in time.
 */
const TOTAL = 1_200;
const PK = 'PAGING#test';
let read = 0;
const table: TableHandle = {
  name: process.env.TABLE_NAME ?? '',
  doc: {
    send: async (command: QueryCommand) => {
      const answer = await documentClient().send(command);
      read += answer.Items?.length ?? 0;
      return answer;
    },
  } as unknown as TableHandle['doc'],
};
const input = {
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': PK },
};
const sk = (i: number) => `ITEM#${String(i).padStart(6, '0')}`;

beforeAll(async () => {
  for (let i = 0; i < TOTAL; i += 25) {
    const items = Array.from({ length: Math.min(25, TOTAL - i) }, (_, j) => ({
      PutRequest: { Item: { pk: PK, sk: sk(i + j), n: i + j } },
    }));
    await documentClient().send(new BatchWriteCommand({ RequestItems: { [table.name]: items } }));
  }
}, 300_000);

const page = async (offset: number, limit: number) => {
  read = 0;
  const items = await queryPageNearestEnd({ table, input, offset, limit, total: TOTAL });
  return { ns: items.map((i) => Number(i.n)), read };
};

test.each([
  ['first page', 0, 50],
  ['a middle page', 600, 50],
  ['the last full page', TOTAL - 50, 50],
  ['the last, partial page', 1_180, 50],
])('%s holds the right items in order', async (_label, offset, limit) => {
  const { ns } = await page(offset, limit);
  const wanted = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => offset + i);
  expect(ns).toEqual(wanted);
});

test('the last page reads no more than the first; a page past the end reads nothing', async () => {
  const first = await page(0, 50);
  const last = await page(TOTAL - 50, 50);
  const past = await page(TOTAL + 100, 50);
  expect(first.read).toBe(50);
  expect(last.read).toBeLessThanOrEqual(first.read);
  expect(past).toEqual({ ns: [], read: 0 });
  // Without the total, the last page reads everything before it: the cost the two-ended read removes.
  read = 0;
  await queryPage({ table, input, offset: TOTAL - 50, limit: 50 });
  expect(read).toBe(TOTAL);
});
