import { CONDITION } from '../../../db/conditions';
import { onlyIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { type TransactItem, TransactionRefused, transact, transactGuarded } from '../../../db/transactions';
import type { CalendarFeedStore } from '../ports';

/** The staff calendar feed's tokens: the entity's current hash, and a lookup item per hash. */
export class CalendarFeedRepository implements CalendarFeedStore {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: replace the entity's feed token in one transaction: the pointer (as read), the old hash's
   * item deleted, the new one put. False when another replacement came between the read and the write.
   */
  async replace(entityId: string, tokenHash: string, createdAt: string): Promise<boolean> {
    const t = this.table.name;
    const current = await getItem(this.table, keys.calendarFeed(entityId));
    const old = typeof current?.token_hash === 'string' ? current.token_hash : null;
    const items: TransactItem[] = [
      {
        Put: {
          TableName: t,
          Item: {
            ...keys.calendarFeed(entityId),
            type: 'calendar-feed',
            token_hash: tokenHash,
            created_at: createdAt,
          },
          ...onlyIf(CONDITION.feedAsRead),
          ExpressionAttributeValues: { ':hash': old ?? '' },
        },
      },
      {
        Put: {
          TableName: t,
          Item: { ...keys.calendarFeedToken(tokenHash), type: 'calendar-feed-token', entity_id: entityId },
          ConditionExpression: CONDITION.isNew,
        },
      },
    ];
    if (old) items.push({ Delete: { TableName: t, Key: keys.calendarFeedToken(old) } });
    return transactGuarded(this.table, items);
  }

  /** Pattern: the entity's current feed (its pointer item), without the hash. */
  async current(entityId: string): Promise<{ createdAt: string } | null> {
    const item = await getItem(this.table, keys.calendarFeed(entityId));
    return typeof item?.token_hash === 'string' ? { createdAt: String(item.created_at) } : null;
  }

  /**
   * Pattern: end the entity's feed in one transaction: the pointer deleted (as read) with the token's
   * lookup item. Retried on a concurrent replacement; false when there is none.
   */
  async end(entityId: string): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await getItem(this.table, keys.calendarFeed(entityId));
      const hash = typeof current?.token_hash === 'string' ? current.token_hash : null;
      if (!hash) return false;
      try {
        await transact(this.table, [
          {
            Delete: {
              TableName: this.table.name,
              Key: keys.calendarFeed(entityId),
              ...onlyIf('#token_hash = :hash'),
              ExpressionAttributeValues: { ':hash': hash },
            },
          },
          { Delete: { TableName: this.table.name, Key: keys.calendarFeedToken(hash) } },
        ]);
        return true;
      } catch (error) {
        if (!(error instanceof TransactionRefused)) throw error;
      }
    }
    return false;
  }

  /** Pattern: the entity a feed token hash belongs to (strongly consistent: a replaced one is gone at once). */
  async findEntity(tokenHash: string): Promise<string | null> {
    const item = await getItem(this.table, keys.calendarFeedToken(tokenHash));
    return typeof item?.entity_id === 'string' ? item.entity_id : null;
  }
}
