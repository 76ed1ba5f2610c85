/**
 * Fair limits (docs/CONTRACT.md#limits): per entity (all its tokens and keys together) and per publishable
 * key and caller address, each a quota over a fixed window. 0 means no limit.
 */
export interface Limits {
  requests_per_minute: number;
  bookings_per_minute: number;
  visitor_requests_per_minute: number;
  visitor_bookings_per_hour: number;
}
export type LimitName = keyof Limits;

export const NO_LIMITS: Limits = {
  requests_per_minute: 0,
  bookings_per_minute: 0,
  visitor_requests_per_minute: 0,
  visitor_bookings_per_hour: 0,
};
export const LIMIT_NAMES = Object.keys(NO_LIMITS) as LimitName[];
export const LIMIT_BOUNDS = { min: 0, max: 1_000_000 } as const;

/** One limit as it applies to a request: the policy name the headers show, its quota and window. */
export interface Policy {
  /** `entity`, `entity-bookings`, `visitor`, `visitor-bookings` (RateLimit-Policy names). */
  name: string;
  quota: number;
  windowSeconds: number;
  /** What it counts: the entity, or one key and caller address. */
  scope: { kind: 'entity' } | { kind: 'visitor'; keyId: string; ip: string };
}

/** What one request is, for the limits. */
export interface LimitedRequest {
  booking: boolean;
  visitor?: { keyId: string; ip: string } | undefined;
}

/** The policies that apply to a request under these limits (a limit of 0 applies to nothing). */
export function policiesFor(limits: Limits, request: LimitedRequest): Policy[] {
  const entity = { kind: 'entity' } as const;
  const visitor = request.visitor ? ({ kind: 'visitor', ...request.visitor } as const) : null;
  const all: Array<Policy | null> = [
    { name: 'entity', quota: limits.requests_per_minute, windowSeconds: 60, scope: entity },
    request.booking
      ? { name: 'entity-bookings', quota: limits.bookings_per_minute, windowSeconds: 60, scope: entity }
      : null,
    visitor
      ? { name: 'visitor', quota: limits.visitor_requests_per_minute, windowSeconds: 60, scope: visitor }
      : null,
    visitor && request.booking
      ? {
          name: 'visitor-bookings',
          quota: limits.visitor_bookings_per_hour,
          windowSeconds: 3600,
          scope: visitor,
        }
      : null,
  ];
  return all.filter((p): p is Policy => p !== null && p.quota > 0);
}

/** The start of the fixed window an instant falls in, in whole seconds since the epoch. */
export const windowStart = (policy: Pick<Policy, 'windowSeconds'>, nowMs: number): number =>
  Math.floor(nowMs / 1000 / policy.windowSeconds) * policy.windowSeconds;

/** A policy's state after a request: what the RateLimit header says (remaining, seconds to reset). */
export interface PolicyState {
  policy: Policy;
  remaining: number;
  resetSeconds: number;
}

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
