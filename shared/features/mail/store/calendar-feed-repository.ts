import { CONDITION } from '../../../db/conditions';
import { onlyIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type TransactItem, TransactionRefused, transact, transactGuarded } from '../../../db/transactions';
import type { CalendarFeedStore, FeedOwner } from '../ports';

const pointer = (owner: FeedOwner) => keys.calendarFeed(owner.entityId, owner.calendarId);

/**
 * The staff calendar feeds' tokens: the current hash of the entity's feed and of each calendar's own feed
 * (a pointer item each), and a lookup item per hash naming its entity and, for a calendar's, the calendar.
 */
export class CalendarFeedRepository implements CalendarFeedStore {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: replace a feed's token in one transaction: the pointer (as read), the old hash's item deleted,
   * the new one put. False when another replacement came between the read and the write.
   */
  async replace(owner: FeedOwner, tokenHash: string, createdAt: string): Promise<boolean> {
    const t = this.table.name;
    const current = await getItem(this.table, pointer(owner));
    const old = typeof current?.token_hash === 'string' ? current.token_hash : null;
    const calendar = owner.calendarId === undefined ? {} : { calendar_id: owner.calendarId };
    const items: TransactItem[] = [
      {
        Put: {
          TableName: t,
          Item: {
            ...pointer(owner),
            type: 'calendar-feed',
            token_hash: tokenHash,
            created_at: createdAt,
            ...calendar,
          },
          ...onlyIf(CONDITION.feedAsRead),
          ExpressionAttributeValues: { ':hash': old ?? '' },
        },
      },
      {
        Put: {
          TableName: t,
          Item: {
            ...keys.calendarFeedToken(tokenHash),
            type: 'calendar-feed-token',
            entity_id: owner.entityId,
            ...calendar,
          },
          ConditionExpression: CONDITION.isNew,
        },
      },
    ];
    if (old) items.push({ Delete: { TableName: t, Key: keys.calendarFeedToken(old) } });
    return transactGuarded(this.table, items);
  }

  /** Pattern: a feed's current pointer item, without the hash. */
  async current(owner: FeedOwner): Promise<{ createdAt: string } | null> {
    const item = await getItem(this.table, pointer(owner));
    return typeof item?.token_hash === 'string' ? { createdAt: String(item.created_at) } : null;
  }

  /**
   * Pattern: end a feed in one transaction: the pointer deleted (as read) with the token's lookup item.
   * Retried on a concurrent replacement; false when there is none.
   */
  async end(owner: FeedOwner): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await getItem(this.table, pointer(owner));
      const hash = typeof current?.token_hash === 'string' ? current.token_hash : null;
      if (!hash) return false;
      try {
        await transact(this.table, [
          {
            Delete: {
              TableName: this.table.name,
              Key: pointer(owner),
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

  /**
   * Pattern: end every feed of an entity (its own and each calendar's: the `FEED` range of its partition),
   * as a new secret does. True when there was one.
   */
  async endAll(entityId: string): Promise<boolean> {
    const start = keys.calendarFeed(entityId);
    const items = await queryAll(this.table, {
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': start.pk,
        ':from': start.sk,
        ':to': keys.calendarFeedsEnd(entityId).sk,
      },
    });
    const ended = await Promise.all(
      items.map((item) =>
        this.end({
          entityId,
          ...(typeof item.calendar_id === 'number' ? { calendarId: item.calendar_id } : {}),
        }),
      ),
    );
    return ended.some(Boolean);
  }

  /**
   * Pattern: the feed a token hash opens: its entity and, for a calendar's own feed, the calendar (strongly
   * consistent: a replaced one is gone at once).
   */
  async findOwner(tokenHash: string): Promise<FeedOwner | null> {
    const item = await getItem(this.table, keys.calendarFeedToken(tokenHash));
    if (typeof item?.entity_id !== 'string') return null;
    return {
      entityId: item.entity_id,
      ...(typeof item.calendar_id === 'number' ? { calendarId: item.calendar_id } : {}),
    };
  }
}
