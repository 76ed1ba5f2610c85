import { logger } from '../logger';
import { withSourceStack } from './source-stack';

/** Lambda's partial batch response: the records or messages to try again (Powertools batch's shape). */
export interface BatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

/**
 * A stream batch, one record after the other: at the first failure it stops and reports that record, so
 * Lambda retries from it and a later change of the same item is never handled before an earlier one.
 * `stopBefore` (the invocation's deadline near) stops it before a record, the first one excepted (each
 * invocation makes progress): that record and the ones after are reported, for the next invocation.
 */
export async function inStreamOrder<T>(
  records: readonly T[],
  idOf: (record: T) => string,
  handle: (record: T) => Promise<unknown>,
  options: { stopBefore?: () => boolean } = {},
): Promise<BatchResponse> {
  for (const [index, record] of records.entries()) {
    if (index > 0 && options.stopBefore?.()) {
      const left = records.slice(index);
      logger.info('stream batch stopped before the deadline; the rest goes to the next invocation', {
        handled: index,
        left: left.length,
      });
      return { batchItemFailures: left.map((rest) => ({ itemIdentifier: idOf(rest) })) };
    }
    try {
      await handle(record);
    } catch (error) {
      logger.error('stream record failed; it will be retried', {
        error: withSourceStack(error),
        record: idOf(record),
      });
      return { batchItemFailures: [{ itemIdentifier: idOf(record) }] };
    }
  }
  return { batchItemFailures: [] };
}

/** An SQS message as a queue function receives it: its id and its body, one JSON job. */
export interface QueuedMessage {
  messageId: string;
  body: string;
}

/**
 * A queue batch of JSON jobs (webhook deliveries, client e-mails), all at once: each failed message alone
 * goes back to the queue (a body that is not JSON fails its message alone).
 */
export async function eachJob<T>(
  messages: readonly QueuedMessage[],
  handle: (job: T) => Promise<unknown>,
): Promise<BatchResponse> {
  const results = await Promise.allSettled(
    messages.map(async (message) => handle(JSON.parse(message.body) as T)),
  );
  const failed = messages.filter((_, i) => results[i]?.status === 'rejected');
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected')
      logger.error('queue message failed', { error: withSourceStack(result.reason), i });
  }
  return { batchItemFailures: failed.map((message) => ({ itemIdentifier: message.messageId })) };
}
