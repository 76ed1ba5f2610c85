import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverQueuedMessages } from '../../shared/wiring';

/** The delivery queue: one signed POST per message; failures are retried on the schedule, then parked. */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => deliverQueuedMessages(event.Records);
