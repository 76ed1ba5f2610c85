import type { DynamoDBStreamEvent } from 'aws-lambda';
import { openDaysAfterChanges, openDaysOfAll } from '../../shared/wiring';

/**
 * Slots that open by themselves (docs/CONTRACT.md#open-days): the hourly schedule looks at every entity
 * that switched it on; a batch of the table's stream (settings, hours or closure days changed) looks again
 * at the entities it names.
 */
export const handler = async (event: Partial<DynamoDBStreamEvent>): Promise<{ entities: number }> => {
  const runs = event.Records ? await openDaysAfterChanges(event.Records) : await openDaysOfAll();
  return { entities: runs.length };
};
