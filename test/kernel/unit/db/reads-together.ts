import { type BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, getItems } from '../../../../shared/db/items';
import { readsTogether } from '../../../../shared/db/reads-together';
import type { TableHandle } from '../../../../shared/db/table-handle';
import { documentClient } from '../../../../shared/wiring';

/**
 * Reads by key sent in one turn of the event loop go as one BatchGetItem (shared/db/reads-together.ts),
 * each caller getting the answer of its own command, against DynamoDB Local.
 */
const name = process.env.TABLE_NAME ?? '';
const sent: string[] = [];
/** Each request's ConsistentRead, as sent. */
const consistency: Array<boolean | undefined> = [];
let failNext = false;
const table = readsTogether({
  name,
  doc: {
    send: (command: GetCommand | BatchGetCommand) => {
      sent.push(command.constructor.name);
      consistency.push(
        command instanceof GetCommand
          ? command.input.ConsistentRead
          : command.input.RequestItems?.[name]?.ConsistentRead,
      );
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('store unreachable'));
      }
      return documentClient().send(command as BatchGetCommand);
    },
  } as unknown as TableHandle['doc'],
});
const key = (n: number) => ({ pk: 'TOGETHER', sk: `ITEM#${n}` });

beforeAll(async () => {
  for (const n of [1, 2, 3, 4])
    await documentClient().send(new PutCommand({ TableName: name, Item: { ...key(n), n } }));
});
beforeEach(() => {
  sent.length = 0;
  consistency.length = 0;
});

it('sends a read alone as it was sent', async () => {
  expect(await getItem(table, key(1))).toEqual({ ...key(1), n: 1 });
  expect(sent).toEqual(['GetCommand']);
});

it('merges the reads of one turn into one BatchGetItem; each caller gets its own items', async () => {
  const [one, missing, some, again] = await Promise.all([
    getItem(table, key(1)),
    getItem(table, key(9)),
    getItems(table, [key(2), key(3), key(8)]),
    getItem(table, key(3)),
  ]);
  expect(sent).toEqual(['BatchGetCommand']);
  expect(one).toEqual({ ...key(1), n: 1 });
  expect(missing).toBeUndefined();
  expect(some.map((item) => item.n).sort()).toEqual([2, 3]);
  // The same key asked twice is asked once (BatchGetItem refuses duplicates) and answered to both.
  expect(again).toEqual({ ...key(3), n: 3 });
});

it('merges eventually consistent reads apart from strongly consistent ones, neither made other than asked', async () => {
  const [strong, hours, closure, again] = await Promise.all([
    getItem(table, key(1)),
    getItem(table, key(2), false),
    getItem(table, key(9), false),
    getItem(table, key(2), false),
  ]);
  expect(sent.sort()).toEqual(['BatchGetCommand', 'GetCommand']);
  expect(consistency.sort()).toEqual([false, true]);
  expect([strong?.n, hours?.n, closure, again?.n]).toEqual([1, 2, undefined, 2]);
});

it('lets through what it cannot merge: a read alone, a projection, a write', async () => {
  const projected = new GetCommand({
    TableName: name,
    Key: key(4),
    ConsistentRead: true,
    ProjectionExpression: 'n',
  });
  const [plain, eventual, projection] = await Promise.all([
    getItem(table, key(1)),
    getItem(table, key(2), false),
    table.doc.send(projected),
    table.doc.send(new PutCommand({ TableName: name, Item: { ...key(5), n: 5 } })),
  ]);
  expect(sent.sort()).toEqual(['GetCommand', 'GetCommand', 'GetCommand', 'PutCommand']);
  expect(plain?.n).toBe(1);
  expect(eventual?.n).toBe(2);
  expect(projection.Item).toEqual({ n: 4 });
});

it('fails every caller of a merged read that failed, and the next reads go on', async () => {
  failNext = true;
  const answers = await Promise.allSettled([getItem(table, key(1)), getItems(table, [key(2)])]);
  expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  expect(sent).toEqual(['BatchGetCommand']);
  expect((await Promise.all([getItem(table, key(1)), getItem(table, key(2))])).map((i) => i?.n)).toEqual([
    1, 2,
  ]);
});
