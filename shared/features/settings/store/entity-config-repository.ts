import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { getItem, withoutKeys } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { ClosureAdmin, DayHours, Holiday, HoursAdmin, WeeklyHours } from '../../schedule';
import type { VersionedSettings } from '../domain/entity';
import { type EntitySettings, withDefaultSettings } from '../domain/entity';
import type { SettingsLookup } from '../ports';

/** Settings of an entity: one item. */
export class SettingsRepository implements SettingsLookup {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: get an entity's settings, with their version; strongly consistent unless `consistent` is
   * false (what a slightly old value cannot harm: the stream workers' time zone, names and addresses).
   */
  async get(entityId: string, consistent = true): Promise<VersionedSettings | null> {
    const item = await getItem(this.table, keys.settings(entityId), consistent);
    if (!item) return null;
    const { version, ...settings } = withoutKeys(item);
    return { ...withDefaultSettings(settings as unknown as EntitySettings), version: Number(version ?? 1) };
  }
}

/** The weekly opening hours of an entity: one item holding the seven days. */
export class OpeningHoursRepository implements HoursAdmin {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: get the week's opening hours. */
  async get(entityId: string): Promise<WeeklyHours | null> {
    const item = await getItem(this.table, keys.openingHours(entityId), false);
    return (item?.days as WeeklyHours | undefined) ?? null;
  }

  /** Pattern: replace one weekday's hours (the list index of that day is fixed: mon..sun). */
  async setDay(entityId: string, index: number, day: DayHours): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.openingHours(entityId),
        UpdateExpression: `SET days[${index}] = :day`,
        ConditionExpression: CONDITION.exists,
        ExpressionAttributeValues: { ':day': day },
      }),
    );
  }
}

/** Closure days an entity adds to its country's public holidays. */
export class ClosureDayRepository implements ClosureAdmin {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: add (or rename) a closure day. */
  async put(entityId: string, holiday: Holiday): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: { ...keys.closureDay(entityId, holiday.date), type: 'closure-day', ...holiday },
      }),
    );
  }

  /** Pattern: remove a closure day; false when there was none. */
  async remove(entityId: string, date: string): Promise<boolean> {
    const result = await this.table.doc.send(
      new DeleteCommand({
        TableName: this.table.name,
        Key: keys.closureDay(entityId, date),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes !== undefined;
  }

  /** Pattern: get the closure day of a date, if any. */
  async get(entityId: string, date: string): Promise<Holiday | null> {
    const item = await getItem(this.table, keys.closureDay(entityId, date), false);
    return item ? { name: String(item.name), date: String(item.date) } : null;
  }

  /** Pattern: list an entity's closure days by date. */
  async list(entityId: string): Promise<Holiday[]> {
    const prefix = keys.closureDayPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk },
    });
    return items.map((item) => ({ name: String(item.name), date: String(item.date) }));
  }
}
