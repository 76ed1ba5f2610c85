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

/** What a plain read asks for: its keys and whether strongly consistent; undefined when it asks for more. */
function readOf(command: Read, table: string): { keys: Item[]; consistent: boolean } | undefined {
  if (command instanceof GetCommand) {
    const { TableName, Key, ConsistentRead, ...rest } = command.input;
    if (TableName !== table || Object.keys(rest).length > 0 || !Key) return undefined;
    return { keys: [Key], consistent: ConsistentRead === true };
  }
  const { RequestItems, ...rest } = command.input;
  const tables = Object.keys(RequestItems ?? {});
  const wanted = RequestItems?.[table];
  if (tables.length !== 1 || !wanted || Object.keys(rest).length > 0) return undefined;
  const { Keys, ConsistentRead, ...options } = wanted;
  if (Object.keys(options).length > 0 || !Keys) return undefined;
  return { keys: Keys as Item[], consistent: ConsistentRead === true };
}

/**
 * A table handle whose reads by key, sent in the same turn of the event loop, go to the store as one
 * BatchGetItem per kind of read (strongly consistent, eventually consistent): the token check's read and the
 * booking's snapshot, started together (HandlerOptions.prefetch), make one round trip instead of two; a
 * day's weekly hours and closure, one request instead of two. A read sent alone goes as it was sent;
 * anything else (writes, queries, projections) passes through. Each caller gets the answer of its own
 * command: `Item` for a GetItem, its own `Responses` and `UnprocessedKeys` for a BatchGetItem (a GetItem
 * whose key came back unprocessed is asked again alone). A read is never made stronger or weaker than asked.
 */
export function readsTogether(table: TableHandle): TableHandle {
  /** The reads waiting for this turn's end, strongly consistent ones and the others apart. */
  const waiting = new Map<boolean, Waiting[]>();

  const sendAlone = (command: Read) => table.doc.send(command as BatchGetCommand) as Promise<unknown>;

  async function flush(consistent: boolean): Promise<void> {
    const batch = waiting.get(consistent) ?? [];
    waiting.delete(consistent);
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
          RequestItems: { [table.name]: { Keys: [...unique.values()], ConsistentRead: consistent } },
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
          UnprocessedKeys:
            left.length > 0 ? { [table.name]: { Keys: left, ConsistentRead: consistent } } : {},
          $metadata: answer.$metadata,
        });
      }
    } catch (error) {
      for (const { fail } of batch) fail(error);
    }
  }

  const send = (command: unknown): Promise<unknown> => {
    const read = command instanceof GetCommand || command instanceof BatchGetCommand ? command : undefined;
    const asked = read && readOf(read, table.name);
    const queue = asked ? (waiting.get(asked.consistent) ?? []) : [];
    const queued = queue.reduce((n, w) => n + w.keys.length, 0);
    if (!read || !asked || asked.keys.length + queued > MAX_KEYS)
      return table.doc.send(command as BatchGetCommand) as Promise<unknown>;
    return new Promise((done, fail) => {
      if (queue.length === 0) {
        waiting.set(asked.consistent, queue);
        queueMicrotask(() => void flush(asked.consistent));
      }
      queue.push({ command: read, keys: asked.keys, done, fail });
    });
  };
  return { name: table.name, doc: { send } as unknown as TableHandle['doc'] };
}
