import { ensureTable } from '../../shared/db/table';
import { documentClient } from '../../shared/wiring/core';

/**
 * The store's client comes from the wiring's core (shared/wiring/core.ts), not its index: a file that never
 * loads a service (the process, infra and browser tests) does not load them all for its table (0.14 s of a
 * worker's CPU a file, measured 2026-11-27).
 *
 * Each test file's own table, without a stream: only the files that start the local events read one, and
 * they turn it on first with `withStream()` (test/support/table-stream.ts) (every write to a table with a stream also writes a stream
 * record, about a fifth of DynamoDB Local's work per write).
 */
beforeAll(async () => {
  await ensureTable(documentClient(), process.env.TABLE_NAME ?? '', { stream: false });
});
