import { CONDITION } from '../../../db/conditions';
import { countMove } from '../../../db/counters';
import { onlyIf } from '../../../db/expressions';
import { getItem, withoutKeys } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type TransactItem, TransactionRefused, transact, transactGuarded } from '../../../db/transactions';
import type { PublishableKey } from '../domain/publishable-keys';
import type { PublishableKeyStore } from '../ports';

export const toPublishableKey = (item: Record<string, unknown>): PublishableKey => ({
  id: String(item.id),
  name: String(item.name),
  scope: 'booking',
  allowed_origins: (item.allowed_origins as string[] | undefined) ?? [],
  hosted_page: item.hosted_page === true,
  created_at: String(item.created_at),
});

/** Where a key's creation checks the settings it copied: after the count, the key item and the token item. */
const SETTINGS_CHECK_AT = 3;
/** A key's creation reads the settings again at most this often when they change meanwhile. */
const MAX_SETTINGS_RETRIES = 3;

/** The settings item still at the version read (`undefined`: an item written before versions). */
export const settingsAsRead = (tableName: string, entityId: string, version: unknown): TransactItem => ({
  ConditionCheck: {
    TableName: tableName,
    Key: keys.settings(entityId),
    ...(version === undefined
      ? onlyIf('attribute_not_exists(#version)')
      : { ...onlyIf(CONDITION.settingsAsRead), ExpressionAttributeValues: { ':version': version } }),
  },
});

/** Publishable keys: the key item (listed without the key) and the token item that finds it by hash. */
export class PublishableKeyRepository implements PublishableKeyStore {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: create a key, its token item and the entity's key count, at most `max` keys. The token item
   * carries a copy of the entity's settings, as the secret tokens' do, so that a key's request reads them
   * with its token (one GetItem): the copy is conditioned on the settings' version read (a change in
   * between: read and try again), and every settings change rewrites it (entity-repository.ts).
   */
  async create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const read = await getItem(this.table, keys.settings(entityId));
      const { version, ...settings } = read ? withoutKeys(read) : {};
      try {
        await transact(this.table, [
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
                ...(read ? { settings } : {}),
              },
              ConditionExpression: CONDITION.isNew,
            },
          },
          ...(read ? [settingsAsRead(this.table.name, entityId, version)] : []),
        ]);
        return true;
      } catch (error) {
        if (!(error instanceof TransactionRefused)) throw error;
        if (error.failed(0)) return false;
        // The settings changed since they were read: copy them again.
        if (read && error.failed(SETTINGS_CHECK_AT) && attempt < MAX_SETTINGS_RETRIES) continue;
        throw error;
      }
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
