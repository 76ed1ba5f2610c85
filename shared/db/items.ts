import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from './keys';
import type { TableHandle } from './table-handle';

type Item = Record<string, unknown>;

/** One item by its key, strongly consistent unless told otherwise (reads that decide a write must see the last one). */
export async function getItem(table: TableHandle, key: Key, consistent = true): Promise<Item | undefined> {
  const result = await table.doc.send(
    new GetCommand({ TableName: table.name, Key: key, ConsistentRead: consistent }),
  );
  return result.Item;
}

/**
 * Several items by key (BatchGetItem, 100 at a time, unprocessed keys asked again), strongly consistent
 * unless told otherwise.
 */
export async function getItems(table: TableHandle, wanted: Key[], consistent = true): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < wanted.length; i += 100) {
    let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
      [table.name]: { Keys: wanted.slice(i, i + 100).map((k) => ({ ...k })), ConsistentRead: consistent },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await table.doc.send(new BatchGetCommand({ RequestItems: request }));
      out.push(...(result.Responses?.[table.name] ?? []));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return out;
}

/** An item's own attributes: without the table keys and the item type. */
export function withoutKeys(item: Item): Item {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest;
}
