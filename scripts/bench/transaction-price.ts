/**
 * What DynamoDB bills for a TransactWriteItems (issue 57, point 3): 2 write units per item and started KB,
 * each item priced at the larger of its size before and after (a ConditionCheck at its size). DynamoDB
 * Local's own figure for a transaction is not that (it reported 2 units for 13 items of under 1 KB), so
 * the bench reads each item the transaction touches, before and after, through a client of its own
 * (not counted), and prices it here. Sizes follow DynamoDB's published rules: an attribute's name in
 * UTF-8 bytes plus its value's size (strings in UTF-8 bytes, numbers about one byte per two significant
 * digits plus one, booleans and nulls one byte, lists and maps 3 bytes plus one per element).
 */
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** The size of one attribute value, in bytes. */
function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits =
      String(value)
        .replace(/^-|\.|e.*$/g, '')
        .replace(/^0+|0+$/g, '').length || 1;
    return Math.ceil(digits / 2) + 1;
  }
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + valueSize(v), 0);
  if (typeof value === 'object')
    return 3 + Object.entries(value).reduce((n, [k, v]) => n + Buffer.byteLength(k) + 1 + valueSize(v), 0);
  return 1;
}

/** An item's size as DynamoDB counts it. */
export const itemSize = (item: Item | undefined): number =>
  item ? Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + valueSize(v), 0) : 0;

interface TransactItem {
  Put?: { TableName: string; Item: Item };
  Update?: { TableName: string; Key: Key };
  Delete?: { TableName: string; Key: Key };
  ConditionCheck?: { TableName: string; Key: Key };
}

const keyOf = (t: TransactItem): { table: string; key: Key } => {
  if (t.Put) return { table: t.Put.TableName, key: { pk: String(t.Put.Item.pk), sk: String(t.Put.Item.sk) } };
  const part = t.Update ?? t.Delete ?? t.ConditionCheck;
  if (!part) throw new Error('transaction item of an unknown kind');
  return { table: part.TableName, key: { pk: part.Key.pk, sk: part.Key.sk } };
};

/** The items at these keys now (one table), by `pk/sk`. */
async function readItems(
  doc: DynamoDBDocumentClient,
  table: string,
  keys: Key[],
): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < keys.length; i += 100) {
    const answer = await doc.send(
      new BatchGetCommand({
        RequestItems: { [table]: { Keys: keys.slice(i, i + 100), ConsistentRead: true } },
      }),
    );
    for (const item of answer.Responses?.[table] ?? []) found.set(`${item.pk}/${item.sk}`, item);
  }
  return found;
}

/**
 * Prices a TransactWriteItems as DynamoDB bills it: `before()` is called before it is sent, and the
 * function it returns after it succeeded answers the write units.
 */
export async function priceTransaction(
  doc: DynamoDBDocumentClient,
  items: TransactItem[],
): Promise<() => Promise<number>> {
  const keys = items.map(keyOf);
  const table = keys[0]?.table ?? '';
  const before = await readItems(
    doc,
    table,
    keys.map((k) => k.key),
  );
  return async () => {
    const after = await readItems(
      doc,
      table,
      keys.map((k) => k.key),
    );
    return keys.reduce((units, { key }, i) => {
      const id = `${key.pk}/${key.sk}`;
      const put = items[i]?.Put?.Item;
      const bytes = Math.max(itemSize(before.get(id)), itemSize(after.get(id) ?? put));
      return units + 2 * Math.max(1, Math.ceil(bytes / 1024));
    }, 0);
  };
}
