import { CONDITION } from '../../../db/conditions';
import { onlyIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type TransactItem, TransactionRefused, transact } from '../../../db/transactions';
import type { EntityRecord, TokenKind } from '../../access';
import { calendarItem } from '../../schedule';
import type { EntitySettings, VersionedSettings } from '../../settings';
import type { NewEntity } from '../domain/new-entity';
import type { EntityStore, TokenReplacement } from '../ports';

export class EntityRepository implements EntityStore {
  constructor(private readonly table: TableHandle) {}

  private tokenPuts(
    entityId: string,
    hashes: Record<TokenKind, string>,
    settings: EntitySettings,
  ): TransactItem[] {
    return (Object.entries(hashes) as Array<[TokenKind, string]>).map(([kind, hash]) => ({
      Put: {
        TableName: this.table.name,
        Item: { ...keys.token(hash), type: 'token', entity_id: entityId, kind, token_hash: hash, settings },
        ConditionExpression: CONDITION.isNew,
      },
    }));
  }

  /** Pattern: create an entity with its tokens, settings, hours, sequence and default calendar, atomically. */
  async create(input: NewEntity): Promise<void> {
    const id = input.entity.entity_account_id;
    const put = (Item: Record<string, unknown>): TransactItem => ({
      Put: { TableName: this.table.name, Item, ConditionExpression: CONDITION.isNew },
    });
    await transact(this.table, [
      put({ ...keys.entity(id), type: 'entity', ...input.entity }),
      put({ ...keys.entityDirectory(id), type: 'entity-directory', entity_account_id: id }),
      put({ ...keys.settings(id), type: 'settings', ...input.settings, version: 1 }),
      put({ ...keys.openingHours(id), type: 'opening-hours', days: input.hours }),
      put({ ...keys.sequence(id), type: 'sequence', last: input.calendar.calendar_id }),
      put(calendarItem(id, input.calendar)),
      ...this.tokenPuts(id, input.entity.token_hashes, input.settings),
    ]);
  }

  /** Pattern: get an entity by its account id (strongly consistent unless `consistent` is false). */
  async get(entityId: string, consistent = true): Promise<EntityRecord | null> {
    return (
      ((await getItem(this.table, keys.entity(entityId), consistent)) as EntityRecord | undefined) ?? null
    );
  }

  /** Pattern: list entities (directory partition, no scan). */
  async list(): Promise<string[]> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.entityDirectoryPk() },
    });
    return items.map((item) => String(item.entity_account_id));
  }

  /**
   * Pattern: rotate the secret. Old token items are deleted and new ones put in one transaction,
   * conditioned on the hashes and the settings version read, so the old tokens stop working the moment
   * it commits and the new ones carry the current settings.
   */
  async replaceTokens({ entityId, old, next, now, settings }: TokenReplacement): Promise<void> {
    const { version, ...current } = settings;
    await transact(this.table, [
      {
        Update: {
          TableName: this.table.name,
          Key: keys.entity(entityId),
          UpdateExpression: 'SET token_hashes = :next, updated_at = :now',
          ...onlyIf(CONDITION.tokensAsRead),
          ExpressionAttributeValues: { ':next': next, ':hashes': old, ':now': now },
        },
      },
      {
        ConditionCheck: {
          TableName: this.table.name,
          Key: keys.settings(entityId),
          ...onlyIf(CONDITION.settingsAsRead),
          ExpressionAttributeValues: { ':version': version },
        },
      },
      ...Object.values(old).map((hash) => ({
        Delete: { TableName: this.table.name, Key: keys.token(hash) },
      })),
      ...this.tokenPuts(entityId, next, current),
    ]);
  }

  /**
   * Pattern: change settings. The settings item, the copies on both token items and on every publishable
   * key's token item, and the entity's entry in the open-days directory (present while open_days_ahead > 0,
   * reset so the next run looks at every day) change in one transaction, conditioned on the version, token
   * hashes and key count read (at most 20 keys: 26 items of DynamoDB's 100). False when one changed since it
   * was read: the caller reads again and decides again.
   */
  async replaceSettings(
    entityId: string,
    read: VersionedSettings,
    next: EntitySettings,
    tokenHashes: Record<TokenKind, string>,
  ): Promise<boolean> {
    const directory: TransactItem =
      next.open_days_ahead > 0
        ? {
            Put: {
              TableName: this.table.name,
              Item: { ...keys.openDaysEntry(entityId), type: 'open-days', entity_id: entityId },
            },
          }
        : { Delete: { TableName: this.table.name, Key: keys.openDaysEntry(entityId) } };
    // The publishable keys' token items carry a copy too (publishable-key-repository.ts).
    const keyHashes = (
      await queryAll(this.table, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: {
          ':pk': keys.publishableKeyPrefix(entityId).pk,
          ':sk': keys.publishableKeyPrefix(entityId).sk,
        },
        ConsistentRead: true,
      })
    ).map((item) => String(item.key_hash));
    try {
      await transact(this.table, [
        {
          Put: {
            TableName: this.table.name,
            Item: { ...keys.settings(entityId), type: 'settings', ...next, version: read.version + 1 },
            ...onlyIf(CONDITION.settingsAsRead),
            ExpressionAttributeValues: { ':version': read.version },
          },
        },
        {
          ConditionCheck: {
            TableName: this.table.name,
            Key: keys.entity(entityId),
            ...onlyIf(CONDITION.tokensAsRead),
            ExpressionAttributeValues: { ':hashes': tokenHashes },
          },
        },
        ...[...Object.values(tokenHashes), ...keyHashes].map((hash) => ({
          Update: {
            TableName: this.table.name,
            Key: keys.token(hash),
            UpdateExpression: 'SET settings = :settings',
            ConditionExpression: CONDITION.exists,
            ExpressionAttributeValues: { ':settings': next },
          },
        })),
        // The keys listed are all the keys: none made since (a removed one fails its update above).
        {
          ConditionCheck: {
            TableName: this.table.name,
            Key: keys.publishableKeyCount(entityId),
            ...onlyIf(keyHashes.length === 0 ? 'attribute_not_exists(#n) OR #n = :count' : '#n = :count'),
            ExpressionAttributeValues: { ':count': keyHashes.length },
          },
        },
        directory,
      ]);
      return true;
    } catch (error) {
      if (error instanceof TransactionRefused) return false;
      throw error;
    }
  }
}
