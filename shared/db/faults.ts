/**
 * What a store error that reached the answer says of the store (issue 56, deadlines), by the SDK's error
 * names and Node's error codes, after the SDK's own retries:
 * - `throttled`: DynamoDB refused for capacity (ProvisionedThroughputExceededException, ThrottlingException,
 *   RequestLimitExceeded), or a transaction was cancelled for contention or throttling only (every reason
 *   None, TransactionConflict, ThrottlingError or ProvisionedThroughputExceeded: no condition failed), or
 *   its token was still in use (TransactionInProgressException);
 * - `timeout`: a try, or the request's deadline, ran out before the store answered (the SDK's TimeoutError,
 *   an aborted try, ./deadline.ts's StoreDeadlineError, middy's own TimeoutError);
 * - `unreachable`: no answer could be had (connection refused, reset or dropped; DynamoDB's own 5xx).
 * Anything else (a failed condition, a bug) is no fault of the store's: undefined.
 */
export type StoreFault = 'throttled' | 'timeout' | 'unreachable';

const THROTTLED = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionInProgressException',
]);
const CONTENTION_REASONS = new Set([
  'None',
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
]);
const TIMEOUTS = new Set([
  'TimeoutError',
  'AbortError',
  'StoreDeadlineError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const UNREACHABLE_NAMES = new Set(['InternalServerError', 'ServiceUnavailable']);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface ErrorFacts {
  name?: unknown;
  code?: unknown;
  CancellationReasons?: Array<{ Code?: string }>;
  $metadata?: { httpStatusCode?: number };
}

const contentionOnly = (reasons: Array<{ Code?: string }>): boolean =>
  reasons.some((r) => r.Code !== 'None') && reasons.every((r) => CONTENTION_REASONS.has(r.Code ?? 'None'));

export function storeFaultOf(error: unknown): StoreFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, code, CancellationReasons, $metadata } = error as ErrorFacts;
  if (typeof name === 'string' && THROTTLED.has(name)) return 'throttled';
  if (name === 'TransactionCanceledException')
    return contentionOnly(CancellationReasons ?? []) ? 'throttled' : undefined;
  if (typeof name === 'string' && TIMEOUTS.has(name)) return 'timeout';
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return 'unreachable';
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return 'unreachable';
  if (($metadata?.httpStatusCode ?? 0) >= 500) return 'unreachable';
  return undefined;
}
