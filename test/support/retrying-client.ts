import type { Answer } from './api';

/**
 * A client that retries what docs/CONTRACT.md#retries lets it retry, with the same request (and so the
 * same Idempotency-Key): 429 and 503 after Retry-After (capped small in tests), a network error, and 409
 * "a request with this Idempotency-Key is in progress". Anything else is the answer.
 */
export interface ClientRetries {
  /** Tries after the first, all requests together. */
  retries: number;
  /** Answers by status that led to a retry (`network` for a thrown error). */
  why: Record<string, number>;
}

export const newClientRetries = (): ClientRetries => ({ retries: 0, why: {} });

/** Adds one request's retries to the totals. */
export function addRetries(into: ClientRetries, from: ClientRetries): void {
  into.retries += from.retries;
  for (const [why, n] of Object.entries(from.why)) into.why[why] = (into.why[why] ?? 0) + n;
}

export interface RetryPolicy {
  /** The longest wait a Retry-After is let ask for (ms). */
  capWaitMs?: number;
  /**
   * Without Retry-After (409 in progress, no answer) the client backs off from 25 ms, twice as long after
   * each failure, up to this (ms).
   */
  maxBackoffMs?: number;
  /** How many tries in all before the last answer is taken as it is. */
  tries?: number;
  /** Retry a 500 too (only where a test says why). */
  retry500?: boolean;
}

const inProgress = (answer: Answer): boolean =>
  answer.status === 409 && /in progress/.test(String(answer.json?.message ?? ''));

/** Why `answer` may be retried by the client (the status as text), or null: it is the answer. */
function retryable(answer: Answer, policy: RetryPolicy): string | null {
  if (answer.status === 429 || answer.status === 503) return String(answer.status);
  if (inProgress(answer)) return '409 in progress';
  if (policy.retry500 && answer.status === 500) return '500';
  return null;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Sends `request` until its answer is not one to retry (or the tries are spent); counts the retries. */
export async function withClientRetries(
  request: () => Promise<Answer>,
  counts: ClientRetries,
  policy: RetryPolicy = {},
): Promise<Answer> {
  const tries = policy.tries ?? 10;
  const cap = policy.capWaitMs ?? 50;
  for (let attempt = 1; ; attempt++) {
    let answer: Answer | undefined;
    let why: string | null;
    try {
      answer = await request();
      why = retryable(answer, policy);
    } catch (error) {
      if (attempt >= tries) throw error;
      why = 'network';
    }
    if (why === null || (answer && attempt >= tries)) return answer as Answer;
    counts.retries++;
    counts.why[why] = (counts.why[why] ?? 0) + 1;
    const after = Number(answer?.headers['retry-after'] ?? 0) * 1000;
    const backoff = Math.min(25 * 2 ** (attempt - 1), policy.maxBackoffMs ?? 1000);
    await pause(after > 0 ? Math.min(after, cap) : backoff);
  }
}
