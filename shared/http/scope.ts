import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request measurements that code deep in the call stack adds to (time spent in the store). */
export interface RequestScope {
  storeMs: number;
  storeCalls: number;
  /** When store work must stop (epoch ms): the end less the answer's reserve (shared/db/deadline.ts). */
  storeDeadline?: number;
  /** When the answer's own store calls must stop: the end less a quarter of the reserve (0.1 s at least). */
  answerDeadline?: number;
}

/** The invocation's end and when its store work must stop. */
export interface ScopeDeadline {
  endsAt: number;
  reserveMs: number;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with a fresh request scope. */
export const runInScope = <T>(fn: () => Promise<T>, deadline?: ScopeDeadline): Promise<T> =>
  storage.run(
    {
      storeMs: 0,
      storeCalls: 0,
      ...(deadline
        ? {
            storeDeadline: deadline.endsAt - deadline.reserveMs,
            answerDeadline: deadline.endsAt - Math.max(100, Math.floor(deadline.reserveMs / 4)),
          }
        : {}),
    },
    fn,
  );

/** When the request's store work must stop (the store client reads it before and during each try). */
export const storeDeadline = (): number | undefined => storage.getStore()?.storeDeadline;

/** The answer is being written: its own store calls (the idempotency record) may use the reserve. */
export function answering(): void {
  const scope = storage.getStore();
  if (scope?.answerDeadline !== undefined) scope.storeDeadline = scope.answerDeadline;
}

/** The scope of the request being served, if any. */
export const currentScope = (): RequestScope | undefined => storage.getStore();

/** Adds one store call of `ms` milliseconds to the request being served (outside a request: nothing). */
export function addStoreCall(ms: number): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.storeMs += ms;
  scope.storeCalls += 1;
}

/**
 * Runs `fn` outside any request's scope, as background work must run: the local runtime's stream poller,
 * queues and timers are woken by a request's write, and whatever they start would otherwise carry that
 * request's store deadline, which passes with the request (on AWS each is an invocation of its own, with none).
 */
export const outsideRequest = <T>(fn: () => T): T => storage.exit(fn);
