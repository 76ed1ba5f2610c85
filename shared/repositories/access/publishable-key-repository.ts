import { CONDITION } from '../../db/conditions';
import { countMove } from '../../db/counters';
import { getItem } from '../../db/items';
import * as keys from '../../db/keys';
import { queryAll } from '../../db/paging';
import type { TableHandle } from '../../db/table-handle';
import { transactGuarded } from '../../db/transactions';
import type { PublishableKey } from '../../domain/access/publishable-keys';
import type { PublishableKeyStore } from '../../services/access/ports';

export const toPublishableKey = (item: Record<string, unknown>): PublishableKey => ({
  id: String(item.id),
  name: String(item.name),
  scope: 'booking',
  allowed_origins: (item.allowed_origins as string[] | undefined) ?? [],
  hosted_page: item.hosted_page === true,
  created_at: String(item.created_at),
});

/** Publishable keys: the key item (listed without the key) and the token item that finds it by hash. */
export class PublishableKeyRepository implements PublishableKeyStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: create a key, its token item and the entity's key count, at most `max` keys. */
  async create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean> {
    return transactGuarded(this.table, [
      countMove(this.table.name, keys.publishableKeyCount(entityId), 1, max),
      {
        Put: {
          TableName: this.table.name,
          Item: {
            ...keys.publishableKey(entityId, key.id),
            type: 'publishable-key',
            ...key,
            key_hash: keyHash,
          },
          ConditionExpression: CONDITION.isNew,
        },
      },
      {
        Put: {
          TableName: this.table.name,
          Item: {
            ...keys.token(keyHash),
            type: 'token',
            entity_id: entityId,
            kind: 'publishable',
            token_hash: keyHash,
            key_id: key.id,
            allowed_origins: key.allowed_origins,
            ...(key.hosted_page ? { hosted_page: true } : {}),
          },
          ConditionExpression: CONDITION.isNew,
        },
      },
    ]);
  }

  /** Pattern: an entity's publishable keys, by id (strongly consistent: a key just made is listed). */
  async list(entityId: string): Promise<PublishableKey[]> {
    const prefix = keys.publishableKeyPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk },
      ConsistentRead: true,
    });
    return items.map(toPublishableKey);
  }

  /** Pattern: remove a key; its token item goes in the same transaction, so the key stops working at once. */
  async remove(entityId: string, keyId: string): Promise<boolean> {
    const item = await getItem(this.table, keys.publishableKey(entityId, keyId));
    if (!item) return false;
    return transactGuarded(this.table, [
      {
        Delete: {
          TableName: this.table.name,
          Key: keys.publishableKey(entityId, keyId),
          ConditionExpression: CONDITION.exists,
        },
      },
      { Delete: { TableName: this.table.name, Key: keys.token(String(item.key_hash)) } },
      countMove(this.table.name, keys.publishableKeyCount(entityId), -1),
    ]);
  }
}
