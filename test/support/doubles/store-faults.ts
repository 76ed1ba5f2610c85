import type { Fault, Injector } from './store-proxy';

/**
 * Faults for the store proxy (store-proxy.ts, mode `{ inject }`): seeded, so a run plays the same faults
 * in the same order of calls, and counted by kind (for a test's check and the README's figures).
 */

/** The share of calls (0..1) that meet each kind of fault; the rest are forwarded as they are. */
export interface FaultRates {
  /** A throttling error, `ThrottlingException` or `ProvisionedThroughputExceededException` (400). */
  throttle?: number;
  /** A 500 `InternalServerError`. */
  internal?: number;
  /** The connection dropped before the call reaches the store. */
  drop?: number;
  /** A write done by the store whose answer is dropped (the client's socket closed, no answer). */
  answerLost?: number;
  /** An answer held for `slowMs` before it is sent. */
  slow?: number;
  slowMs?: number;
}

export type FaultKind = 'throttling' | 'throughput' | 'internal' | 'drop' | 'answer-lost' | 'slow';

export interface FaultCounts {
  /** Calls the proxy was asked about. */
  requests: number;
  /** Faults played, by kind. */
  faults: Record<FaultKind, number>;
}

export interface SeededFaults {
  inject: Injector;
  counts: FaultCounts;
}

/** The operations that write: an answer lost after one of them leaves its write done. */
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const noFaults = (): Record<FaultKind, number> => ({
  throttling: 0,
  throughput: 0,
  internal: 0,
  drop: 0,
  'answer-lost': 0,
  slow: 0,
});

const kindOf = (fault: Fault): FaultKind => (typeof fault === 'object' ? 'slow' : fault);

/**
 * Faults drawn for every call from `seed` at the given rates (one draw a call picks the kind; a lost
 * answer only befalls writes, a read drawn for one is dropped instead).
 */
export function seededFaults(seed: number, rates: FaultRates): SeededFaults {
  const random = seededRandom(seed);
  const counts: FaultCounts = { requests: 0, faults: noFaults() };
  const bands: Array<[number, (operation: string) => Fault]> = [
    [rates.throttle ?? 0, () => (random() < 0.5 ? 'throttling' : 'throughput')],
    [rates.internal ?? 0, () => 'internal'],
    [rates.drop ?? 0, () => 'drop'],
    [rates.answerLost ?? 0, (operation) => (WRITES.has(operation) ? 'answer-lost' : 'drop')],
    [rates.slow ?? 0, () => ({ slowMs: rates.slowMs ?? 200 })],
  ];
  const inject: Injector = (call) => {
    counts.requests++;
    const operation = call.split(' ')[0] ?? '';
    let draw = random();
    for (const [rate, fault] of bands) {
      if (draw < rate) {
        const played = fault(operation);
        counts.faults[kindOf(played)]++;
        return played;
      }
      draw -= rate;
    }
    return undefined;
  };
  return { inject, counts };
}

/**
 * The answer of the first call `matches` dropped after the store did it, every other call forwarded: the
 * SDK's retry of that call meets the call's own success. `lost` says whether it was played.
 */
export function answerLostOnce(matches: (call: string, body: string) => boolean): {
  inject: Injector;
  lost: () => boolean;
  /** Every call that matched, the lost one first (the retries after it). */
  matched: string[];
} {
  let played = false;
  const matched: string[] = [];
  return {
    inject: (call, body) => {
      if (!matches(call, body)) return undefined;
      matched.push(body);
      if (played) return undefined;
      played = true;
      return 'answer-lost';
    },
    lost: () => played,
    matched,
  };
}
