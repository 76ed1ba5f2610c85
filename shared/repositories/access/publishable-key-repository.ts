import { CONDITION } from '../../db/conditions';
import { attributeNames } from '../../db/expressions';
import { getItem } from '../../db/items';
import * as keys from '../../db/keys';
import { queryAll } from '../../db/paging';
import type { TableHandle } from '../../db/table-handle';
import { TransactionRefused, transact } from '../../db/transactions';
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

  private countChange(entityId: string, by: 1 | -1, max?: number) {
    const condition = max === undefined ? undefined : CONDITION.belowCap;
    return {
      Update: {
        TableName: this.table.name,
        Key: keys.publishableKeyCount(entityId),
        UpdateExpression: 'ADD #n :by',
        ...(condition ? { ConditionExpression: condition } : {}),
        ExpressionAttributeNames: attributeNames('#n', condition),
        ExpressionAttributeValues: { ':by': by, ...(max === undefined ? {} : { ':cap': max }) },
      },
    };
  }

  /** Pattern: create a key, its token item and the entity's key count, at most `max` keys. */
  async create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean> {
    try {
      await transact(this.table, [
        this.countChange(entityId, 1, max),
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
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused && error.failed(0)) return false;
      throw error;
    }
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
    try {
      await transact(this.table, [
        {
          Delete: {
            TableName: this.table.name,
            Key: keys.publishableKey(entityId, keyId),
            ConditionExpression: CONDITION.exists,
          },
        },
        { Delete: { TableName: this.table.name, Key: keys.token(String(item.key_hash)) } },
        this.countChange(entityId, -1),
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused && error.failed(0)) return false;
      throw error;
    }
  }
}
