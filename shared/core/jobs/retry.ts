import { setTimeout as pause } from 'node:timers/promises';

/** Optimistic writes: how many times a write that lost a race to a concurrent one is tried on fresh reads. */
export const MAX_ATTEMPTS = 10;

/**
 * A jittered, exponentially growing pause before retry number `attempt` (up to `capMs`), so that writers
 * racing for the same items spread out.
 */
export const jitteredPause = (attempt: number, capMs = Number.POSITIVE_INFINITY): Promise<void> =>
  pause(Math.random() * Math.min(capMs, 5 * 2 ** attempt));
