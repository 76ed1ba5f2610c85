import '../../../shared/local/quiet-sdk';
import { storageFrom } from '../../../shared/local/engine/dynamodb-local';
import { prepareEngineClasses } from '../../../shared/local/engine/engine-classes';
import { acquireLocalStore } from '../../../shared/local/engine/local-store';

/**
 * One DynamoDB Local for the whole run; workers inherit its endpoint through the environment. In memory
 * (private to this run) unless TEST_LOCAL_DB names a folder: then the engine already serving that folder
 * (e.g. `npm start`'s) is reused, or one is started for the run. Each test file makes its own table.
 */
export default async function globalSetup(): Promise<void> {
  const storage = storageFrom(process.env.TEST_LOCAL_DB ?? 'memory');
  // The run's fifteen-odd engines start on a class-data archive, made once per install (node_modules/.cache,
  // class-archive.ts): `npm ci` makes it (scripts/prepare.js); where there is none it is made beside the first
  // tests (the engines started before it is there start without), and the teardown waits for it, so its
  // throwaway engine never outlives the run.
  (globalThis as { __classes__?: Promise<unknown> }).__classes__ = prepareEngineClasses();
  // The scripts' bundles (scripts/run.js), made here when out of date, not by the first servers at once, and
  // while the engine starts: on a fresh clone, making them (1.5 s or more) no longer delays the engine.
  const { ensureBundle } = require('../../../scripts/run.js') as {
    ensureBundle(name: 'start' | 'admin'): Promise<{ bundle: string; state: string }>;
  };
  // A run's engine serves minutes of ever-different requests: a small compiler budget (dynamodb-local.ts).
  const starting = acquireLocalStore(storage, { kind: 'tool', jit: 'lean' });
  starting.catch(() => undefined); // its failure is thrown below, once the bundles are made
  try {
    await Promise.all([ensureBundle('start'), ensureBundle('admin')]);
  } catch (error) {
    await (await starting.catch(() => undefined))?.release().catch(() => undefined);
    throw error;
  }
  const store = await starting;
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  (globalThis as { __store__?: typeof store }).__store__ = store;
}
