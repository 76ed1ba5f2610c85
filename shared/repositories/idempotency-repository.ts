import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { onlyIf } from '../db/expressions';
import { keys } from '../db/keys';
import type { TableHandle } from '../db/table-handle';
import type { Claim, IdempotencyStore, StoredAnswer } from '../services/ports';

/**
 * Idempotency records (Idempotency-Key header on bookings). A key is claimed by a conditional put that
 * succeeds only when no live record exists (none, or expired), so two concurrent retries cannot both book.
 * Records expire after 24 hours (`expires_at`, the table's TTL attribute).
 */
export class IdempotencyRepository implements IdempotencyStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: claim a key, or learn that it was answered (replay), is in progress, or was used for another body. */
  async claim(
    entityId: string,
    route: string,
    key: string,
    bodyHash: string,
    nowSeconds: number,
    ttlSeconds: number,
  ): Promise<Claim> {
    const Key = keys.idempotency(entityId, route, key);
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: {
            ...Key,
            type: 'idempotency',
            body_hash: bodyHash,
            state: 'in_progress',
            expires_at: nowSeconds + ttlSeconds,
          },
          ...onlyIf('attribute_not_exists(pk) OR #expires_at < :now'),
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return { kind: 'claimed' };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
    const existing = await this.table.doc.send(
      new GetCommand({ TableName: this.table.name, Key, ConsistentRead: true }),
    );
    const item = existing.Item;
    if (!item) return this.claim(entityId, route, key, bodyHash, nowSeconds, ttlSeconds);
    if (item.body_hash !== bodyHash) return { kind: 'mismatch' };
    if (item.state !== 'done') return { kind: 'in_progress' };
    return { kind: 'replay', answer: item.answer as StoredAnswer };
  }

  /** Pattern: keep the answer of a claimed key for replays. */
  async complete(entityId: string, route: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.idempotency(entityId, route, key),
        UpdateExpression: 'SET #state = :done, answer = :answer',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':answer': answer },
      }),
    );
  }

  /** Pattern: release a claim whose request failed on our side, so a retry may run again. */
  async release(entityId: string, route: string, key: string): Promise<void> {
    await this.table.doc.send(
      new DeleteCommand({ TableName: this.table.name, Key: keys.idempotency(entityId, route, key) }),
    );
  }
}
