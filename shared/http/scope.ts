import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request measurements that code deep in the call stack adds to (time spent in the store). */
export interface RequestScope {
  storeMs: number;
  storeCalls: number;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with a fresh request scope. */
export const runInScope = <T>(fn: () => Promise<T>): Promise<T> =>
  storage.run({ storeMs: 0, storeCalls: 0 }, fn);

/** The scope of the request being served, if any. */
export const currentScope = (): RequestScope | undefined => storage.getStore();

/** Adds one store call of `ms` milliseconds to the request being served (outside a request: nothing). */
export function addStoreCall(ms: number): void {
  const scope = storage.getStore();
  if (!scope) return;
  scope.storeMs += ms;
  scope.storeCalls += 1;
}
