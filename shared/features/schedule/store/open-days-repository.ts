import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { writtenIf } from '../../../db/expressions';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { OpenDaysDirectory, OpenDaysEntry } from '../ports';

const toOpenDaysEntry = (item: Record<string, unknown>): OpenDaysEntry => ({
  entityId: String(item.entity_id),
  openedThrough: typeof item.opened_through === 'string' ? item.opened_through : null,
});

/** The open-days directory: one item per entity with open_days_ahead > 0 (written with its settings). */
export class OpenDaysRepository implements OpenDaysDirectory {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: the entities whose slots open by themselves (one partition, paged inside). */
  async list(): Promise<OpenDaysEntry[]> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.openDaysPk() },
    });
    return items.map(toOpenDaysEntry);
  }

  /** Pattern: remember the last day a run looked at; never recreates an entry the settings removed. */
  async markOpened(entityId: string, date: string): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.openDaysEntry(entityId),
          UpdateExpression: 'SET opened_through = :date',
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeValues: { ':date': date },
        }),
      ),
    );
  }
}
