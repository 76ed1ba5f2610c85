import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';

/** Per-entity id sequence shared by calendars, slots, appointments and clients (docs/CONTRACT.md#two-apis-one-data-model). */
export class SequenceRepository {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: allocate ids. Reserves `count` consecutive ids with one atomic ADD and returns them. */
  async next(entityId: string, count = 1): Promise<number[]> {
    const result = await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.sequence(entityId),
        UpdateExpression: 'ADD #last :count',
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':count': count },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const last = Number(result.Attributes?.last);
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }
}
