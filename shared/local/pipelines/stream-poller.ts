import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from '@aws-sdk/client-dynamodb-streams';

/**
 * The longest wait between two polls of an idle stream: each poll that finds nothing doubles the wait from
 * `intervalMs`, a record or a wake() brings it back. An idle `npm start` kept DynamoDB Local busy ~4 % of a
 * core with four reads a second (measured); writes of this process wake the poller at once, those of
 * another process (the admin CLI) are read within this.
 */
const IDLE_MAX_MS = 2000;

/** Records a read hands over at most: Lambda's batch of the stream's mapping (infra/open-days.ts). */
const BATCH = 100;

/** What a read found: nothing, records, or a whole batch (more records are waiting). */
type Found = 'nothing' | 'records' | 'batch';
/** Across shards, a poll found the most any of them did. */
const RANK: Record<Found, number> = { nothing: 0, records: 1, batch: 2 };

/** Polls between two readings of the stream's shard list when none closed (10 to 80 s). */
const DESCRIBE_EVERY = 40;

export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  tableName: string;
  /** Handles one batch of records in order; returns the sequence number of the first failed one, if any. */
  onRecords: (records: _Record[]) => Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }>;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface StreamPoller {
  /** Polls now (a write was just made): an idle stream is polled less often, down to every IDLE_MAX_MS. */
  wake(): void;
  /** Stops polling once the poll under way ends (resolved then); the records wait in the stream. */
  pause(): Promise<void>;
  /** Polls again, at once. */
  resume(): void;
  stop(): Promise<void>;
}

/**
 * Reads the table's stream from DynamoDB Local, as Lambda's event source mapping does on AWS: every shard
 * from its oldest record, batches in order, and a batch that reports a failed record is read again from
 * that record at the next poll (so one item's changes are never handled out of order).
 */
export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const client = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const interval = options.intervalMs ?? 250;
  const log = options.log ?? (() => undefined);
  /** Per shard: where to read next (an iterator, or the sequence number to restart at); null when closed. */
  const shards = new Map<string, { iterator?: string; after?: string; from?: string } | null>();
  let streamArn: string | undefined;
  /**
   * Polls until the shards are listed again. A stream gets a new shard when one closes, so the list is
   * read at the start, after a shard closed, and every DESCRIBE_EVERY polls to be sure: not at each poll
   * (an idle `npm start` asked DynamoDB Local twice every 250 ms, half of it for this list).
   */
  let describeIn = 0;
  let stopped = false;
  let paused = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const iteratorOf = async (
    shardId: string,
    at: { after?: string; from?: string },
  ): Promise<string | undefined> => {
    const answer = await client.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(at.from
          ? { ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: at.from }
          : at.after
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: at.after }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return answer.ShardIterator;
  };

  /** What a read of the shard found: nothing, records, or a whole batch (more are waiting). */
  const pollShard = async (shardId: string): Promise<Found> => {
    const position = shards.get(shardId);
    if (position === null || position === undefined) return 'nothing';
    const iterator = position.iterator ?? (await iteratorOf(shardId, position));
    if (!iterator) return 'nothing';
    const answer = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: BATCH }));
    const records = answer.Records ?? [];
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    if (records.length > 0) {
      const { batchItemFailures } = await options.onRecords(records);
      const failed = batchItemFailures[0]?.itemIdentifier;
      if (failed) {
        // Read again from the failed record, after the usual interval.
        shards.set(shardId, { from: failed });
        return 'records';
      }
    }
    if (answer.NextShardIterator)
      shards.set(shardId, { iterator: answer.NextShardIterator, ...(last ? { after: last } : {}) });
    else {
      shards.set(shardId, null);
      describeIn = 0;
    }
    return records.length >= BATCH ? 'batch' : records.length > 0 ? 'records' : 'nothing';
  };

  /** The most a shard's read found. */
  const poll = async (): Promise<Found> => {
    streamArn ??= (await client.send(new ListStreamsCommand({ TableName: options.tableName }))).Streams?.[0]
      ?.StreamArn;
    if (!streamArn) return 'nothing';
    if (describeIn-- <= 0) {
      const description = await client.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      for (const shard of description.StreamDescription?.Shards ?? []) {
        if (shard.ShardId && !shards.has(shard.ShardId)) shards.set(shard.ShardId, {});
      }
      describeIn = DESCRIBE_EVERY;
    }
    let most: Found = 'nothing';
    for (const shardId of shards.keys()) {
      try {
        const found = await pollShard(shardId);
        if (RANK[found] > RANK[most]) most = found;
      } catch (error) {
        // An expired or broken iterator: read again from the last record handled.
        const position = shards.get(shardId);
        if (position) shards.set(shardId, position.after ? { after: position.after } : {});
        log(`stream poll of ${shardId} failed: ${(error as Error).message}`);
      }
    }
    return most;
  };

  // Never two polls closer than `interval` because writes woke it: under load it polls as before. A whole
  // batch, though, means more records are waiting, and the next read follows at once: a tenant's change of
  // settings behind another tenant's thousands of new slots (a record each) waited at one batch an interval.
  let wait = interval;
  let polling = false;
  let woken = false;
  let lastEnded = 0;
  const loop = (): void => {
    if (stopped || paused) return;
    polling = true;
    current = poll()
      .then((found) => {
        wait =
          found === 'batch'
            ? 0
            : found === 'records'
              ? interval
              : Math.min(wait * 2, Math.max(interval, IDLE_MAX_MS));
      })
      .catch((error: unknown) => log(`stream poll failed: ${(error as Error).message}`))
      .finally(() => {
        polling = false;
        lastEnded = Date.now();
        if (stopped || paused) return;
        if (woken) wait = Math.min(wait, interval);
        woken = false;
        timer = setTimeout(loop, wait).unref();
      });
  };
  loop();

  return {
    wake() {
      if (stopped || paused || wait <= interval) return;
      wait = interval;
      if (polling) {
        woken = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(loop, Math.max(0, lastEnded + interval - Date.now())).unref();
    },
    async pause() {
      paused = true;
      if (timer) clearTimeout(timer);
      await current;
    },
    resume() {
      if (!paused) return;
      paused = false;
      wait = interval;
      if (!polling) loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      client.destroy();
    },
  };
}
