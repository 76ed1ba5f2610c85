/**
 * Fair limits (docs/CONTRACT.md#limits). Secret tokens count against the entity's own quotas; publishable
 * keys (the public, a web page's visitors) against the entity's public quotas and, per key and caller
 * address, the visitor quotas. Each is a quota over a fixed window; 0 means no limit. Everything here is
 * arithmetic: which policies apply, where a window starts and ends, what the headers say.
 */
import { type Limits, NO_LIMITS } from '../../../core/limits';

export type { Limits } from '../../../core/limits';
export { NO_LIMITS } from '../../../core/limits';
export type LimitName = keyof Limits;

export const LIMIT_NAMES = Object.keys(NO_LIMITS) as LimitName[];
export const LIMIT_BOUNDS = { min: 0, max: 1_000_000 } as const;

/** One publishable key used from one caller address. */
export interface Visitor {
  keyId: string;
  ip: string;
}

/** The RateLimit-Policy names, one per limit. */
export type PolicyName =
  | 'entity'
  | 'entity-bookings'
  | 'public'
  | 'public-bookings'
  | 'visitor'
  | 'visitor-bookings'
  | 'feed';

/** One limit as it applies to a request: the policy name the headers show, its quota and window. */
export interface Policy {
  name: PolicyName;
  quota: number;
  windowSeconds: number;
  /** What it counts: the entity (its secret tokens, or all its keys together), or one key and caller address. */
  scope: { kind: 'entity' } | ({ kind: 'visitor' } & Visitor);
}

/** What one request is, for the limits: a booking or not; made with a publishable key (a visitor) or not. */
export interface LimitedRequest {
  booking: boolean;
  visitor?: Visitor | undefined;
}

/**
 * The policies that apply to a request under these limits (a limit of 0 applies to nothing): a secret
 * token's request counts against `entity` (and `entity-bookings`), a publishable key's against `public`
 * (and `public-bookings`) and its visitor's `visitor` (and `visitor-bookings`). Neither kind ever counts
 * against the other's quotas, so visitors cannot lock their business out, nor the business its visitors.
 */
export function policiesFor(limits: Limits, request: LimitedRequest): Policy[] {
  const entity = { kind: 'entity' } as const;
  const { booking, visitor } = request;
  const minute = (name: PolicyName, quota: number, scope: Policy['scope']): Policy => ({
    name,
    quota,
    windowSeconds: 60,
    scope,
  });
  const all: Array<Policy | null> = visitor
    ? [
        minute('public', limits.public_requests_per_minute, entity),
        booking ? minute('public-bookings', limits.public_bookings_per_minute, entity) : null,
        minute('visitor', limits.visitor_requests_per_minute, { kind: 'visitor', ...visitor }),
        booking
          ? {
              name: 'visitor-bookings',
              quota: limits.visitor_bookings_per_hour,
              windowSeconds: 3600,
              scope: { kind: 'visitor', ...visitor },
            }
          : null,
      ]
    : [
        minute('entity', limits.requests_per_minute, entity),
        booking ? minute('entity-bookings', limits.bookings_per_minute, entity) : null,
      ];
  return all.filter((p): p is Policy => p !== null && p.quota > 0);
}

/** Reads of one staff-feed address a minute (docs/CONTRACT.md#limits), whatever the entity's limits. */
export const FEED_READS_PER_MINUTE = 60;

/** The feed's one policy: 60 reads a minute of one feed address, counted apart from every entity's. */
export const FEED_POLICY: Policy = {
  name: 'feed',
  quota: FEED_READS_PER_MINUTE,
  windowSeconds: 60,
  scope: { kind: 'entity' },
};

/**
 * The counters' owner for one feed address: a digest of it, never the address (it is the secret), and
 * never an account id (`#` is in none), so that a feed's counter shares no entity's partition.
 */
export const feedCounterOwner = (feedDigest: string): string => `#FEED#${feedDigest.slice(0, 32)}`;

/** The start of the fixed window an instant falls in, in whole seconds since the epoch. */
export const windowStart = (policy: Pick<Policy, 'windowSeconds'>, nowMs: number): number =>
  Math.floor(nowMs / 1000 / policy.windowSeconds) * policy.windowSeconds;

/** Whole seconds from an instant to the end of its window: at least 1 (what `Retry-After` and `t` say). */
export const secondsToReset = (policy: Pick<Policy, 'windowSeconds'>, nowMs: number): number =>
  Math.max(1, Math.ceil(windowStart(policy, nowMs) + policy.windowSeconds - nowMs / 1000));

/** How long a window's counter is kept: a minute past the window's end, then the store's TTL removes it. */
export const COUNTER_GRACE_SECONDS = 60;

/** One counter to add one to: a policy's in the window an instant falls in. The store keeps it, no more. */
export interface CounterStep {
  policy: PolicyName;
  windowStart: number;
  visitor?: Visitor | undefined;
  /** The quota: the counter is moved only while below it. */
  cap: number;
  /** Seconds since the epoch after which the counter may be deleted. */
  expiresAt: number;
}

/** The counter each policy moves for a request at `nowMs`. */
export const counterSteps = (policies: readonly Policy[], nowMs: number): CounterStep[] =>
  policies.map((policy) => {
    const start = windowStart(policy, nowMs);
    return {
      policy: policy.name,
      windowStart: start,
      visitor:
        policy.scope.kind === 'visitor' ? { keyId: policy.scope.keyId, ip: policy.scope.ip } : undefined,
      cap: policy.quota,
      expiresAt: start + policy.windowSeconds + COUNTER_GRACE_SECONDS,
    };
  });

/**
 * What the store answers for a set of counter steps: every count after, or the first counter at its cap.
 * Admitted, the counts may come `later` (read while the request goes on, for its headers only).
 */
export type SettledCount = { ok: true; counts: number[] } | { ok: false; refusedAt: number };
export type CountOutcome = SettledCount | { ok: true; later: Promise<number[]> };

/** A policy's state after a request: what the RateLimit header says (remaining, seconds to reset). */
export interface PolicyState {
  policy: Policy;
  remaining: number;
  resetSeconds: number;
}

/** The outcome of counting one request against the policies that apply to it. */
export type SettledAdmission =
  | { ok: true; states: PolicyState[] }
  | { ok: false; refused: Policy; retryAfter: number; states: PolicyState[] };
/** Admitted with the states still to come (`later`: the counts are being read), or settled. */
export type Admission = SettledAdmission | { ok: true; later: Promise<PolicyState[]> };

/**
 * The admission a count outcome means: admitted with each policy's remaining count, or refused by the
 * policy whose counter was at its quota (then only that one is shown, with nothing remaining).
 */
export function admissionOf(
  policies: readonly Policy[],
  outcome: SettledCount,
  nowMs: number,
): SettledAdmission;
export function admissionOf(policies: readonly Policy[], outcome: CountOutcome, nowMs: number): Admission;
export function admissionOf(policies: readonly Policy[], outcome: CountOutcome, nowMs: number): Admission {
  if ('later' in outcome) {
    return {
      ok: true,
      later: outcome.later.then((counts) => statesOf(policies, counts, nowMs)),
    };
  }
  if (!outcome.ok) {
    const policy = policies[outcome.refusedAt] ?? policies[0];
    if (!policy) return { ok: true, states: [] };
    const resetSeconds = secondsToReset(policy, nowMs);
    return {
      ok: false,
      refused: policy,
      retryAfter: resetSeconds,
      states: [{ policy, remaining: 0, resetSeconds }],
    };
  }
  return { ok: true, states: statesOf(policies, outcome.counts, nowMs) };
}

/** Each policy's state from its count after the request. */
const statesOf = (policies: readonly Policy[], counts: readonly number[], nowMs: number): PolicyState[] =>
  policies.map((policy, i) => ({
    policy,
    // A count the store did not give back (never expected) shows as the quota used up, never as more left.
    remaining: Math.max(0, policy.quota - (counts[i] ?? policy.quota)),
    resetSeconds: secondsToReset(policy, nowMs),
  }));

/** `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers-09) for the states given (lower-case names, as HTTP/2 sends them). */
export function rateLimitHeaders(states: readonly PolicyState[]): Record<string, string> {
  if (states.length === 0) return {};
  return {
    'ratelimit-policy': states
      .map((s) => `"${s.policy.name}";q=${s.policy.quota};w=${s.policy.windowSeconds}`)
      .join(', '),
    ratelimit: states.map((s) => `"${s.policy.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
}
