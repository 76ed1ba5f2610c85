import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { dispatchStreamRecords } from '../../shared/wiring';

/** The table's stream: appointment changes become events in the feed and queued webhook deliveries. */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  dispatchStreamRecords(event.Records);
