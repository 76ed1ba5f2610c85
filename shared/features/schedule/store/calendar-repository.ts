import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { countMove, seedCount } from '../../../db/counters';
import { conditionFailed } from '../../../db/expressions';
import { getItem, withoutKeys } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { transactGuarded } from '../../../db/transactions';
import type { CalendarRecord } from '../domain/calendar';
import type { CalendarListCache } from './calendar-cache';

/** The item of a calendar (used by entity creation, which writes the default calendar in its transaction). */
export const calendarItem = (entityId: string, c: CalendarRecord): Record<string, unknown> => ({
  ...keys.calendar(entityId, c.calendar_id),
  type: 'calendar',
  ...c,
});

export const toCalendar = (item: Record<string, unknown>): CalendarRecord => ({
  ...(withoutKeys(item) as unknown as CalendarRecord),
  // Counted since `no_show` exists: absent on a calendar that has had none.
  no_show_count: Number(item.no_show_count ?? 0),
});

export class CalendarRepository {
  /** `cache`: for reads that may see a calendar's change up to its bound late (calendar-cache.ts). */
  constructor(
    private readonly table: TableHandle,
    private readonly cache?: CalendarListCache,
  ) {}

  /**
   * Pattern: create a calendar and count it, at most `max` an entity (false beyond, even when asked at once).
   * An entity's count starts with the calendars it has when first needed (its default one, written by the
   * entity's creation, among them); calendars are never deleted, so it only grows.
   */
  async create(entityId: string, calendar: CalendarRecord, max: number): Promise<boolean> {
    const count = keys.calendarCount(entityId);
    await seedCount(this.table, count, async () => (await this.query(entityId)).length);
    const created = await transactGuarded(this.table, [
      countMove(this.table.name, count, 1, max),
      {
        Put: {
          TableName: this.table.name,
          Item: calendarItem(entityId, calendar),
          ConditionExpression: CONDITION.isNew,
        },
      },
    ]);
    this.cache?.forget(entityId);
    return created;
  }

  /**
   * Pattern: get a calendar by id (strongly consistent unless `consistent` is false: a name or an address
   * a slightly old value of cannot harm; with a cache, from the entity's kept list).
   */
  async get(entityId: string, calendarId: number, consistent = true): Promise<CalendarRecord | null> {
    if (this.cache?.keeps)
      return (await this.list(entityId)).find((c) => c.calendar_id === calendarId) ?? null;
    const item = await getItem(this.table, keys.calendar(entityId, calendarId), consistent);
    return item ? toCalendar(item) : null;
  }

  /**
   * Pattern: list an entity's calendars by id (one partition, `CAL#` range). A range rather than
   * `begins_with`: the same items, but DynamoDB Local reads the whole partition for a `begins_with`, so the
   * calendars' read grew with the entity's appointments there (bench, "Reads at size"). Strongly
   * consistent, as a calendar's GetItem is: the v1 reads find a calendar (and its new name) in this list.
   */
  list(entityId: string): Promise<CalendarRecord[]> {
    return this.cache ? this.cache.read(entityId, () => this.query(entityId)) : this.query(entityId);
  }

  private async query(entityId: string): Promise<CalendarRecord[]> {
    const prefix = keys.calendarPrefix(entityId);
    const items = await queryAll(this.table, {
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':from': prefix.sk, ':to': keys.calendarsEnd() },
    });
    return items.map(toCalendar);
  }

  /** Pattern: rename, (de)activate, change the time zone or the staff member's e-mail of a calendar. */
  async update(
    entityId: string,
    calendarId: number,
    patch: Partial<Pick<CalendarRecord, 'calendar_name' | 'is_active' | 'timezone' | 'email'>>,
    now: string,
  ): Promise<CalendarRecord | null> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = { '#updated_at': 'updated_at' };
    const values: Record<string, unknown> = { ':updated_at': now };
    const sets = ['#updated_at = :updated_at'];
    for (const [key, value] of entries) {
      names[`#${key}`] = key;
      values[`:${key}`] = value;
      sets.push(`#${key} = :${key}`);
    }
    try {
      const result = await this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.calendar(entityId, calendarId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return result.Attributes ? toCalendar(result.Attributes) : null;
    } catch (error) {
      if (conditionFailed(error)) return null;
      throw error;
    } finally {
      this.cache?.forget(entityId);
    }
  }
}
