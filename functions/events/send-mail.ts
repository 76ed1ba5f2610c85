import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sendQueuedMails } from '../../shared/wiring';

/** The mail queue: one client e-mail (a change's, or a reminder) per message, through SES. */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => sendQueuedMails(event.Records);
