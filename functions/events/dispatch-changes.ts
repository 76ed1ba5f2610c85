import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { dispatchStreamRecords } from '../../shared/wiring';

/**
 * The table's stream: appointment changes become events in the feed and queued webhook deliveries. It
 * stops before its deadline (the time the invocation has left) and reports the records it did not reach.
 */
export const handler = (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
  dispatchStreamRecords(event.Records, { remainingMs: () => context.getRemainingTimeInMillis() });
