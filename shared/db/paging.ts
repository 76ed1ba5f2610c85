import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TableHandle } from './table-handle';

type Item = Record<string, unknown>;
type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit' | 'Select'>;

/** Which page of which query: `limit` items from `offset`, or after `from` (a cursor's start key). */
export interface PageRead {
  table: TableHandle;
  input: QueryInput;
  offset: number;
  limit: number;
  from?: Item | undefined;
}

/** The most items one Query asks for. */
const MAX_READ = 1000;
/** The fewest items the first read of a filtered query asks for. */
const FIRST_FILTERED_READ = 50;

/**
 * The items `offset` to `offset + limit` of a query, in index order. DynamoDB has no offset: earlier items
 * are read and skipped, so a first page costs one small read and page n costs n pages of reads.
 */
export async function queryPage({ table, input, offset, limit, from }: PageRead): Promise<Item[]> {
  const out: Item[] = [];
  let seen = 0;
  let start: Item | undefined = from;
  // With a filter, DynamoDB's Limit counts the items read before the filter: the first read asks for twice
  // the items up to the page's end (at least 50; a status keeps about half of a range), each later one twice
  // the one before, up to 1000. A first page of 10 of one status reads 50 items, not a range's first 1000;
  // a rare match (a search) reaches reads of 1000 after five.
  let filtered = Math.max(2 * (offset + limit), FIRST_FILTERED_READ);
  do {
    const needed = offset + limit - seen;
    const page = await table.doc.send(
      new QueryCommand({
        ...input,
        TableName: table.name,
        ExclusiveStartKey: start,
        Limit: input.FilterExpression ? Math.min(MAX_READ, filtered) : Math.min(MAX_READ, needed),
      }),
    );
    filtered *= 2;
    for (const item of page.Items ?? []) {
      if (seen >= offset && out.length < limit) out.push(item);
      seen++;
    }
    start = page.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out;
}

/**
 * A page of a query. After a known item (`from`, a cursor's start key), read on from it: any page costs
 * what the first does. Else, when its total is known, read from whichever end is nearer, so the last pages
 * (and any page past the end, which reads nothing) cost what the first ones do, however long the list.
 */
export async function queryPageNearestEnd(read: PageRead & { total: number | undefined }): Promise<Item[]> {
  const { table, input, offset, limit, total, from } = read;
  if (from) return limit > 0 ? queryPage({ table, input, offset: 0, limit, from }) : [];
  if (total === undefined) return queryPage({ table, input, offset, limit });
  if (offset >= total || limit <= 0) return [];
  if (offset <= total - offset - limit) return queryPage({ table, input, offset, limit });
  // From the end: skip what follows the page, take the page backwards, and turn it around.
  const end = Math.min(total, offset + limit);
  const reversed = await queryPage({
    table,
    input: { ...input, ScanIndexForward: false },
    offset: total - end,
    limit: end - offset,
  });
  return reversed.reverse();
}

/** The start key of a query on `index` after `item`: the table's key and the index's, nothing else. */
export function startKeyOf(item: Item, index?: { pk: string; sk: string }): Item {
  const names = index ? ['pk', 'sk', index.pk, index.sk] : ['pk', 'sk'];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}

/** How many items a query (with its filter) matches: a COUNT query, paged. */
export async function queryCount(table: TableHandle, input: QueryInput): Promise<number> {
  let total = 0;
  let start: Item | undefined;
  do {
    const page = await table.doc.send(
      new QueryCommand({ ...input, TableName: table.name, ExclusiveStartKey: start, Select: 'COUNT' }),
    );
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return total;
}

/** Every item of a query. */
export async function queryAll(table: TableHandle, input: QueryInput): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await table.doc.send(
      new QueryCommand({ ...input, TableName: table.name, ExclusiveStartKey: start }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
