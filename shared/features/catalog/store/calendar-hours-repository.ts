import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { conditionFailed } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { WeeklyHours } from '../../schedule';
import type { CalendarDayChange, CalendarHoursStore } from '../ports';

/** A calendar's own weekly hours: one item like the entity's `HOURS`, present once they are set. */
export class CalendarHoursRepository implements CalendarHoursStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: get a calendar's own hours. */
  async get(entityId: string, calendarId: number): Promise<WeeklyHours | null> {
    const item = await getItem(this.table, keys.calendarHours(entityId, calendarId));
    return (item?.days as WeeklyHours | undefined) ?? null;
  }

  /** Pattern: set one weekday of a calendar's hours; the first change copies the entity's week. */
  async setDay({ entityId, calendarId, index, day, base }: CalendarDayChange): Promise<void> {
    const key = keys.calendarHours(entityId, calendarId);
    const update = () =>
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: key,
          UpdateExpression: `SET days[${index}] = :day`,
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeValues: { ':day': day },
        }),
      );
    try {
      await update();
      return;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    const days = base.map((d, i) => (i === index ? day : d));
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { ...key, type: 'calendar-hours', calendar_id: calendarId, days },
          ConditionExpression: CONDITION.isNew,
        }),
      );
    } catch (error) {
      // A concurrent first change created the item: set the day on it.
      if (!conditionFailed(error)) throw error;
      await update();
    }
  }
}
