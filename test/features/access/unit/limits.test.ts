import {
  admissionOf,
  counterSteps,
  type Limits,
  NO_LIMITS,
  type Policy,
  policiesFor,
  rateLimitHeaders,
  secondsToReset,
  windowStart,
} from '../../../../shared/features/access/domain/limits';

/** docs/CONTRACT.md#limits: which limits apply, where windows start and end, what the headers say. */
const ALL: Limits = {
  requests_per_minute: 600,
  bookings_per_minute: 60,
  public_requests_per_minute: 300,
  public_bookings_per_minute: 30,
  visitor_requests_per_minute: 60,
  visitor_bookings_per_hour: 10,
};
const VISITOR = { keyId: 'key_1', ip: '203.0.113.7' };
const names = (policies: Policy[]) => policies.map((p) => `${p.name}:${p.quota}/${p.windowSeconds}`);
/** 2026-01-01T00:00:00Z, the start of a minute and of an hour. */
const T0 = Date.UTC(2026, 0, 1);

describe('policiesFor', () => {
  test.each([
    ['a secret token’s request', { booking: false }, ['entity:600/60']],
    ['a secret token’s booking', { booking: true }, ['entity:600/60', 'entity-bookings:60/60']],
    ['a publishable key’s request', { booking: false, visitor: VISITOR }, ['public:300/60', 'visitor:60/60']],
    [
      'a publishable key’s booking',
      { booking: true, visitor: VISITOR },
      ['public:300/60', 'public-bookings:30/60', 'visitor:60/60', 'visitor-bookings:10/3600'],
    ],
  ])('%s counts against its own policies only', (_, request, expected) => {
    expect(names(policiesFor(ALL, request))).toEqual(expected);
  });

  it('a limit of 0 applies to nothing; no limit at all: no policy', () => {
    expect(
      names(policiesFor({ ...ALL, public_requests_per_minute: 0 }, { booking: false, visitor: VISITOR })),
    ).toEqual(['visitor:60/60']);
    expect(policiesFor(NO_LIMITS, { booking: true, visitor: VISITOR })).toEqual([]);
    expect(policiesFor(NO_LIMITS, { booking: true })).toEqual([]);
  });

  it('the visitor policies count one key from one address', () => {
    const [, visitor] = policiesFor(ALL, { booking: false, visitor: VISITOR });
    expect(visitor?.scope).toEqual({ kind: 'visitor', ...VISITOR });
    expect(policiesFor(ALL, { booking: false })[0]?.scope).toEqual({ kind: 'entity' });
  });
});

describe('windows', () => {
  const minute = { windowSeconds: 60 };
  const hour = { windowSeconds: 3600 };
  test.each([
    ['the first instant of a window', minute, T0, T0 / 1000, 60],
    ['within it', minute, T0 + 41_500, T0 / 1000, 19],
    ['its last millisecond', minute, T0 + 59_999, T0 / 1000, 1],
    ['the next window’s first instant', minute, T0 + 60_000, T0 / 1000 + 60, 60],
    ['an hour, 59 minutes in', hour, T0 + 59 * 60_000, T0 / 1000, 60],
  ])('%s: start and seconds to reset', (_, policy, now, start, reset) => {
    expect(windowStart(policy, now)).toBe(start);
    expect(secondsToReset(policy, now)).toBe(reset);
  });

  it('a counter step per policy, capped at its quota, kept a minute past its window', () => {
    const policies = policiesFor(ALL, { booking: true, visitor: VISITOR });
    expect(counterSteps(policies, T0 + 90_000)).toEqual([
      {
        policy: 'public',
        windowStart: T0 / 1000 + 60,
        visitor: undefined,
        cap: 300,
        expiresAt: T0 / 1000 + 180,
      },
      {
        policy: 'public-bookings',
        windowStart: T0 / 1000 + 60,
        visitor: undefined,
        cap: 30,
        expiresAt: T0 / 1000 + 180,
      },
      {
        policy: 'visitor',
        windowStart: T0 / 1000 + 60,
        visitor: VISITOR,
        cap: 60,
        expiresAt: T0 / 1000 + 180,
      },
      {
        policy: 'visitor-bookings',
        windowStart: T0 / 1000,
        visitor: VISITOR,
        cap: 10,
        expiresAt: T0 / 1000 + 3660,
      },
    ]);
  });
});

describe('admissions and headers', () => {
  const policies = policiesFor(ALL, { booking: true });
  it('admitted: each policy with what is left and the seconds to its reset', () => {
    const admission = admissionOf(policies, { ok: true, counts: [2, 60] }, T0 + 19_000);
    expect(admission).toEqual({
      ok: true,
      states: [
        { policy: policies[0], remaining: 598, resetSeconds: 41 },
        { policy: policies[1], remaining: 0, resetSeconds: 41 },
      ],
    });
    expect(rateLimitHeaders(admission.states)).toEqual({
      'ratelimit-policy': '"entity";q=600;w=60, "entity-bookings";q=60;w=60',
      ratelimit: '"entity";r=598;t=41, "entity-bookings";r=0;t=41',
    });
  });

  it('admitted with the counts to come: the same states, once they are read', async () => {
    const admission = admissionOf(policies, { ok: true, later: Promise.resolve([2, 60]) }, T0 + 19_000);
    expect(admission.ok).toBe(true);
    expect('later' in admission && (await admission.later)).toEqual([
      { policy: policies[0], remaining: 598, resetSeconds: 41 },
      { policy: policies[1], remaining: 0, resetSeconds: 41 },
    ]);
  });

  it('refused: the policy at its quota alone, nothing left, Retry-After its reset', () => {
    const admission = admissionOf(policies, { ok: false, refusedAt: 1 }, T0 + 48_200);
    expect(admission).toEqual({
      ok: false,
      refused: policies[1],
      retryAfter: 12,
      states: [{ policy: policies[1], remaining: 0, resetSeconds: 12 }],
    });
    expect(rateLimitHeaders(admission.states)).toEqual({
      'ratelimit-policy': '"entity-bookings";q=60;w=60',
      ratelimit: '"entity-bookings";r=0;t=12',
    });
  });

  it('no policy: no header', () => {
    expect(rateLimitHeaders([])).toEqual({});
  });
});
