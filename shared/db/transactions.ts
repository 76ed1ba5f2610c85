import { setTimeout as pause } from 'node:timers/promises';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { TableHandle } from './table-handle';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The most items DynamoDB takes in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Why one item of a cancelled transaction failed, with the item as it was when its condition failed. */
export interface CancelReason {
  code: string;
  item: Record<string, unknown> | undefined;
}

/** A transaction DynamoDB refused because a condition failed; `reasons` are in the order of the items sent. */
export class TransactionRefused extends Error {
  constructor(readonly reasons: CancelReason[]) {
    super(`transaction refused: ${reasons.map((r) => r.code).join(', ')}`);
    this.name = 'TransactionRefused';
  }
  /** The reason of item `index`, when that item's condition failed. */
  failed(index: number): CancelReason | undefined {
    const reason = this.reasons[index];
    return reason && reason.code === 'ConditionalCheckFailed' ? reason : undefined;
  }
}

const MAX_CONFLICT_RETRIES = 8;

/** Transactions retried because a concurrent one held an item (read by the benchmark). */
export const transactionStats = { conflictRetries: 0 };

/**
 * Runs one TransactWriteItems. Every conditional item asks for its old values on failure
 * (ReturnValuesOnConditionCheckFailure ALL_OLD), so callers can tell a full slot from a closed or a
 * missing one without another read. Conflicts with concurrent transactions on the same items are retried
 * with jittered backoff; condition failures are not retried here (the caller decides).
 */
export async function transact(table: TableHandle, items: TransactItem[]): Promise<void> {
  const withOldValues = items.map((item) => {
    const [kind, operation] = Object.entries(item)[0] ?? [];
    if (!kind || !operation || !('ConditionExpression' in operation)) return item;
    return { [kind]: { ...operation, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } } as TransactItem;
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await table.doc.send(new TransactWriteCommand({ TransactItems: withOldValues }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons: CancelReason[] = (error.CancellationReasons ?? []).map((r) => ({
        code: r.Code ?? 'None',
        item: r.Item ? unmarshall(r.Item) : undefined,
      }));
      const conflicted = reasons.some((r) => r.code === 'TransactionConflict');
      const conditionFailed = reasons.some((r) => r.code === 'ConditionalCheckFailed');
      if (conflicted && !conditionFailed && attempt < MAX_CONFLICT_RETRIES) {
        transactionStats.conflictRetries++;
        await pause(Math.random() * 10 * 2 ** attempt);
        continue;
      }
      // No condition failed: the store was busy (contention past the retries, throttling), not a verdict
      // on the request. The SDK's own error goes on, which the answer names a store fault (faults.ts: 503).
      if (!conditionFailed) throw error;
      throw new TransactionRefused(reasons);
    }
  }
}

/**
 * Runs a transaction whose first item guards it (a count below its cap, an item that must exist, a
 * pointer as read): false when that item's condition failed; any other refusal is thrown.
 */
export async function transactGuarded(table: TableHandle, items: TransactItem[]): Promise<boolean> {
  try {
    await transact(table, items);
    return true;
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed(0)) return false;
    throw error;
  }
}
