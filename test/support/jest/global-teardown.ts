import type { LocalStore } from '../../../shared/local/engine/local-store';

/**
 * Lets go of the run's DynamoDB Local (stops it when the run started it) and waits for the class-data
 * archive's making (global-setup.ts): no Java outlives the tests.
 */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __store__?: LocalStore }).__store__?.release();
  await (globalThis as { __classes__?: Promise<unknown> }).__classes__;
}
