import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { TimeOffRecord } from '../domain/time-off';
import type { TimeOffStore } from '../ports';

const keyOf = (entityId: string, off: TimeOffRecord) =>
  keys.timeOff(entityId, { calendarId: off.calendar_id, date: off.date, timeOffId: off.time_off_id });

const toTimeOff = (item: Record<string, unknown>): TimeOffRecord => ({
  time_off_id: Number(item.time_off_id),
  calendar_id: Number(item.calendar_id),
  date: String(item.date),
  start_time: typeof item.start_time === 'string' ? item.start_time : null,
  end_time: typeof item.end_time === 'string' ? item.end_time : null,
  name: String(item.name),
  created_at: String(item.created_at),
});

/** The staff members' time off (docs/CONTRACT.md#time-off): one item each, by calendar, date and id. */
export class TimeOffRepository implements TimeOffStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: a calendar's time off from a date on, or of one date (generation), by date. */
  async listOf(
    entityId: string,
    calendarId: number,
    dates?: { from: string; only?: true },
  ): Promise<TimeOffRecord[]> {
    const all = keys.timeOffPrefix(entityId, calendarId);
    const start = dates ? keys.timeOffPrefix(entityId, calendarId, dates.from) : all;
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ConsistentRead: true,
      ExpressionAttributeValues: {
        ':pk': all.pk,
        ':from': start.sk,
        ':to': `${dates?.only ? start.sk : all.sk}~`,
      },
    });
    return items.map(toTimeOff);
  }

  /** Pattern: a time off by its id alone (its removal): the entity's time off, filtered on the id. */
  async find(entityId: string, timeOffId: number): Promise<TimeOffRecord | null> {
    const all = keys.timeOffPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ConsistentRead: true,
      FilterExpression: 'time_off_id = :id',
      ExpressionAttributeValues: { ':pk': all.pk, ':sk': all.sk, ':id': timeOffId },
    });
    const item = items[0];
    return item ? toTimeOff(item) : null;
  }

  /** Pattern: add a time off. */
  async put(entityId: string, off: TimeOffRecord): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: { ...keyOf(entityId, off), type: 'time-off', ...off },
      }),
    );
  }

  /** Pattern: remove a time off; false when it was gone. */
  async remove(entityId: string, off: TimeOffRecord): Promise<boolean> {
    const result = await this.table.doc.send(
      new DeleteCommand({ TableName: this.table.name, Key: keyOf(entityId, off), ReturnValues: 'ALL_OLD' }),
    );
    return result.Attributes !== undefined;
  }
}
