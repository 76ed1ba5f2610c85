import type { DynamoDBStreamEvent } from 'aws-lambda';
import { openDaysAfterChanges, openDaysOfAll } from '../../shared/wiring';

/**
 * Slots that open by themselves (docs/CONTRACT.md#open-days): the hourly schedule queues one job per entity
 * that switched it on; a batch of the table's stream (settings, hours or closure days changed) queues one
 * per entity it names. The jobs run in functions/scheduled/open-days-entity.ts, several at once.
 */
export const handler = async (event: Partial<DynamoDBStreamEvent>): Promise<{ entities: number }> => {
  const fanOut = event.Records ? await openDaysAfterChanges(event.Records) : await openDaysOfAll();
  return { entities: fanOut.queued.length };
};
