/**
 * Each test file's own table, without a stream: only the files that start the local events read one, and
 * they turn it on first with `withStream()` (test/support/table-stream.ts) (every write to a table with a
 * stream also writes a stream record, about a fifth of DynamoDB Local's work per write).
 *
 * A file that uses none says `@file-table none` in its first comment (store-environment.js reads it):
 * stages.test.ts and bundle-size.test.ts, and the process tests whose servers and engines make tables of
 * their own, or that have none. It makes no table, and this module loads no store client for it (about
 * 0.26 s of CPU a file, a worker's and DynamoDB Local's, measured 2026-11-27). The store's client comes
 * from the wiring's core (shared/wiring/core.ts), not its index: a file that never loads a service does not
 * load them all for its table (0.14 s of a worker's CPU a file).
 */
beforeAll(async () => {
  if ((globalThis as { __noFileTable__?: boolean }).__noFileTable__) return;
  const { ensureTable } = require('../../../shared/db/table') as typeof import('../../../shared/db/table');
  const { documentClient } =
    require('../../../shared/wiring/core') as typeof import('../../../shared/wiring/core');
  await ensureTable(documentClient(), process.env.TABLE_NAME ?? '', { stream: false });
});
