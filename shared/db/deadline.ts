import { dirname } from 'node:path';
import type { NodeHttpHandler } from '@smithy/node-http-handler';

/**
 * The Node HTTP handler of the DynamoDB client we run with, found from that client's own folder: on Lambda
 * the runtime's SDK brings it as a dependency of its @aws-sdk/client-dynamodb (no bundle carries the SDK),
 * locally the installed one does. Found from the client, it is always the one the client itself would use.
 */
function nodeHttpHandler(): typeof NodeHttpHandler {
  const client = dirname(require.resolve('@aws-sdk/client-dynamodb'));
  const path = require.resolve('@smithy/node-http-handler', { paths: [client] });
  return (require(path) as typeof import('@smithy/node-http-handler')).NodeHttpHandler;
}

/**
 * Store calls end in time (issue 56, deadlines). Two bounds hold every call:
 * - each try has a connection timeout and a request timeout sized to the function's own timeout
 *   (`storeTimeouts`), so a store that stops answering fails that try and leaves time for another;
 * - the request's deadline (`deadline`, given by the wiring from the invocation's remaining time less
 *   `answerReserveMs`) ends a try in flight, the SDK's wait between tries, and any try it would start after,
 *   so retries never outlive the function and the reserve is left to answer 503 (shared/core/errors.ts).
 */
export interface StoreTimeouts {
  /** Until the TCP connection is made: DynamoDB's endpoint (or DynamoDB Local) connects in milliseconds. */
  connectionMs: number;
  /** One try, sent to answered: a quarter of the function's timeout, from 1 s to 5 s. */
  requestMs: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export const storeTimeouts = (functionTimeoutMs: number): StoreTimeouts => ({
  connectionMs: 1_000,
  requestMs: clamp(Math.floor(functionTimeoutMs / 4), 1_000, 5_000),
});

/** What is kept, once store work must stop, to answer (envelope, idempotency record, log line): a tenth, 0.3 to 2 s. */
export const answerReserveMs = (functionTimeoutMs: number): number =>
  clamp(Math.floor(functionTimeoutMs / 10), 300, 2_000);

/** The error of a store call that would start, or was running, when the request's deadline came. */
export const deadlineReached = (): Error =>
  Object.assign(new Error("the request's deadline came before the store answered"), {
    name: 'StoreDeadlineError',
  });

/** When store work must stop (epoch ms), or undefined outside a request with a deadline. */
export type Deadline = () => number | undefined;

type HandleArgs = Parameters<NodeHttpHandler['handle']>;

/** Node's HTTP handler with the timeouts above, whose every try also ends at the request's deadline. */
export class DeadlineHttpHandler extends nodeHttpHandler() {
  constructor(
    timeouts: StoreTimeouts,
    private readonly deadline: Deadline,
  ) {
    // Without throwOnRequestTimeout, the request timeout only logs a warning.
    super({
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
    });
  }

  override handle(request: HandleArgs[0], options: HandleArgs[1] = {}) {
    const at = this.deadline();
    if (at === undefined) return super.handle(request, options).catch(asOwnError);
    const left = at - Date.now();
    if (left <= 0) return Promise.reject(deadlineReached());
    const ends = AbortSignal.timeout(left);
    const given = options.abortSignal as AbortSignal | undefined;
    const abortSignal = given ? AbortSignal.any([given, ends]) : ends;
    return super.handle(request, { ...options, abortSignal } as HandleArgs[1]).catch(asOwnError);
  }
}

/**
 * A try's error as an Error of this realm, its name and code kept. Node's socket errors are made by Node's
 * own Error; where that is another realm's (jest's sandbox), the SDK's retry step would wrap it in a bare
 * Error carrying only its text, and the answer could no longer tell a store fault (shared/db/faults.ts).
 */
function asOwnError(error: unknown): never {
  if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  throw Object.assign(new Error(String(message ?? name)), { name, code, cause: error });
}
