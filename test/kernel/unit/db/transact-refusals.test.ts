import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { storeFaultOf } from '../../../../shared/db/faults';
import type { TableHandle } from '../../../../shared/db/table-handle';
import { TransactionRefused, transact } from '../../../../shared/db/transactions';

/**
 * What transact() lets through when DynamoDB cancels a transaction: a failed condition is a verdict on the
 * request (TransactionRefused, the caller decides); contention past the retries or throttling is the store
 * being busy (the SDK's own error, which the answer names a store fault: 503 with Retry-After).
 */
const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const tableAnswering = (error: Error): TableHandle =>
  ({ name: 't', doc: { send: async () => Promise.reject(error) } }) as unknown as TableHandle;

test('a failed condition is refused as a verdict', async () => {
  const refusal = await transact(tableAnswering(cancelled(['None', 'ConditionalCheckFailed'])), []).catch(
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(TransactionRefused);
  expect(storeFaultOf(refusal)).toBeUndefined();
});

test('throttling, and contention past the retries, reach the answer as a busy store', async () => {
  const throttled = await transact(tableAnswering(cancelled(['ThrottlingError', 'None'])), []).catch(
    (error: unknown) => error,
  );
  expect(throttled).toBeInstanceOf(TransactionCanceledException);
  expect(storeFaultOf(throttled)).toBe('throttled');
  const conflicted = await transact(tableAnswering(cancelled(['TransactionConflict'])), []).catch(
    (error: unknown) => error,
  );
  expect(conflicted).toBeInstanceOf(TransactionCanceledException);
  expect(storeFaultOf(conflicted)).toBe('throttled');
}, 30_000);
