import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TableHandle } from './table-handle';

type Item = Record<string, unknown>;
type Read = GetCommand | BatchGetCommand;
type Waiting = {
  command: Read;
  keys: Item[];
  done: (answer: unknown) => void;
  fail: (error: unknown) => void;
};

/** BatchGetItem's limit of keys in one call. */
const MAX_KEYS = 100;
const keyOf = (key: Item) => `${String(key.pk)}\u0000${String(key.sk)}`;

/** The keys a plain read asks for, or undefined when it asks for more than keys (projection, other table). */
function keysOf(command: Read, table: string): Item[] | undefined {
  if (command instanceof GetCommand) {
    const { TableName, Key, ConsistentRead, ...rest } = command.input;
    if (TableName !== table || ConsistentRead !== true || Object.keys(rest).length > 0 || !Key)
      return undefined;
    return [Key];
  }
  const { RequestItems, ...rest } = command.input;
  const tables = Object.keys(RequestItems ?? {});
  const wanted = RequestItems?.[table];
  if (tables.length !== 1 || !wanted || Object.keys(rest).length > 0) return undefined;
  const { Keys, ConsistentRead, ...options } = wanted;
  if (ConsistentRead !== true || Object.keys(options).length > 0 || !Keys) return undefined;
  return Keys as Item[];
}

/**
 * A table handle whose strongly consistent reads by key, sent in the same turn of the event loop, go to the
 * store as one BatchGetItem: the token check's read and the booking's snapshot, started together
 * (HandlerOptions.prefetch), make one round trip instead of two. A read sent alone goes as it was sent;
 * anything else (writes, queries, projections) passes through. Each caller gets the answer of its own
 * command: `Item` for a GetItem, its own `Responses` and `UnprocessedKeys` for a BatchGetItem (a GetItem
 * whose key came back unprocessed is asked again alone).
 */
export function readsTogether(table: TableHandle): TableHandle {
  let waiting: Waiting[] = [];

  const sendAlone = (command: Read) => table.doc.send(command as BatchGetCommand) as Promise<unknown>;

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = [];
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      sendAlone(only.command).then(only.done, only.fail);
      return;
    }
    const unique = new Map<string, Item>();
    for (const { keys } of batch) for (const key of keys) unique.set(keyOf(key), key);
    try {
      const answer = await table.doc.send(
        new BatchGetCommand({
          RequestItems: { [table.name]: { Keys: [...unique.values()], ConsistentRead: true } },
        }),
      );
      const found = new Map((answer.Responses?.[table.name] ?? []).map((item) => [keyOf(item), item]));
      const unprocessed = new Set(
        ((answer.UnprocessedKeys?.[table.name]?.Keys ?? []) as Item[]).map((key) => keyOf(key)),
      );
      for (const { command, keys, done, fail } of batch) {
        if (command instanceof GetCommand) {
          const [key] = keys as [Item];
          if (unprocessed.has(keyOf(key))) sendAlone(command).then(done, fail);
          else done({ Item: found.get(keyOf(key)), $metadata: answer.$metadata });
          continue;
        }
        const left = keys.filter((key) => unprocessed.has(keyOf(key)));
        done({
          Responses: {
            [table.name]: keys.flatMap((key) => {
              const item = found.get(keyOf(key));
              return item ? [item] : [];
            }),
          },
          UnprocessedKeys: left.length > 0 ? { [table.name]: { Keys: left, ConsistentRead: true } } : {},
          $metadata: answer.$metadata,
        });
      }
    } catch (error) {
      for (const { fail } of batch) fail(error);
    }
  }

  const send = (command: unknown): Promise<unknown> => {
    const read = command instanceof GetCommand || command instanceof BatchGetCommand ? command : undefined;
    const keys = read && keysOf(read, table.name);
    const queued = waiting.reduce((n, w) => n + w.keys.length, 0);
    if (!read || !keys || keys.length + queued > MAX_KEYS)
      return table.doc.send(command as BatchGetCommand) as Promise<unknown>;
    return new Promise((done, fail) => {
      if (waiting.length === 0) queueMicrotask(() => void flush());
      waiting.push({ command: read, keys, done, fail });
    });
  };
  return { name: table.name, doc: { send } as unknown as TableHandle['doc'] };
}
