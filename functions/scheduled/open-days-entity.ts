import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { openDaysOfQueue } from '../../shared/wiring';

/** The open-days queue: one entity's run per message (docs/CONTRACT.md#open-days). */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => openDaysOfQueue(event.Records);
