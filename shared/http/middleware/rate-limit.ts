import { AppError, RateLimited } from '../../core/errors';
import type { EntityContext } from '../../features/access';
import {
  type Admission,
  type LimitedRequest,
  type PolicyState,
  rateLimitHeaders,
} from '../../features/access';
import type { AppRequest, Middleware, RequestState } from './types';

export interface RateLimitOptions {
  /** Counts the request against the limits that apply (the limit service, injected by the wiring). */
  admit: (entity: EntityContext, request: LimitedRequest) => Promise<Admission>;
  /** Whether the request is a booking for the limits: a booking route, or a move (the body's `slot_id`). */
  booking?: 'always' | 'when-moving' | 'never';
}

/** A request that changes nothing: it may run while it is counted. */
const isRead = (request: AppRequest): boolean => request.event.requestContext?.http?.method === 'GET';

const isMove = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>).slot_id !== undefined;

/**
 * Counts an authenticated request against its limits (docs/CONTRACT.md#limits): a secret token's against
 * the entity's, a publishable key's against the entity's public ones and its visitor's (key and caller
 * address); over a limit it is refused with 429. A request that changes something (POST, PUT, DELETE) is
 * counted before anything runs; a read (GET) runs beside its count, which saves the count's round trip,
 * and its answer waits for the count: refused, the read's answer is dropped for the 429 (a read changes
 * nothing, so nothing else happens either way). A publishable key's request refused
 * before it was counted (403 outside its routes or origins, 400 malformed JSON, 413) is counted too, so a
 * visitor cannot knock for free; over a limit, that answer becomes the 429.
 *
 * Request state: reads `entity` and `visitor` (tokenCheck) and, for `booking: 'when-moving'`, `body`
 * (jsonBody); writes `rateLimit` (the states the headers show) and, for a read, `admission` (its count
 * under way). The stack checks that order.
 *
 * @example
 * // a publishable key's booking, visitor_bookings_per_hour 10, public_requests_per_minute 600:
 * // admit(entity, { booking: true, visitor: { keyId: 'key_1', ip: '203.0.113.7' } })
 * // context.app.rateLimit = [{ policy: { name: 'public', quota: 600, … }, remaining: 599, resetSeconds: 41 }, …]
 */
export const rateLimit = (opts: RateLimitOptions): Middleware => {
  const booking = opts.booking ?? 'never';
  const count = async (app: RequestState, entity: EntityContext): Promise<Admission> => {
    const admission = await opts.admit(entity, {
      booking: booking === 'always' || (booking === 'when-moving' && isMove(app.body)),
      visitor: app.visitor,
    });
    app.rateLimit = 'later' in admission ? admission.later : admission.states;
    return admission;
  };
  const rateLimitBefore = async (request: AppRequest): Promise<void> => {
    const { app } = request.context;
    if (!app.entity) return;
    if (isRead(request)) {
      const pending = count(app, app.entity);
      // Read by `rateLimitAfter` (or `rateLimitOnError`), never left unobserved.
      pending.catch(() => undefined);
      app.admission = pending;
      app.rateLimit = pending.then((a) => ('later' in a ? a.later : a.states));
      app.rateLimit.catch(() => undefined);
      return;
    }
    const admission = await count(app, app.entity);
    if (!admission.ok) throw new RateLimited(admission.retryAfter);
  };
  // A read's count, run beside it: its answer waits for it.
  const rateLimitAfter = async (request: AppRequest): Promise<void> => {
    const admission = await request.context.app.admission;
    if (admission && !admission.ok) throw new RateLimited(admission.retryAfter);
  };
  // A publishable key's request refused before `rateLimitBefore` ran: counted all the same. A read that
  // failed while its count ran: over a limit, the answer is the 429 all the same.
  const rateLimitOnError = async (request: AppRequest): Promise<void> => {
    const { app } = request.context;
    if (app?.admission) {
      if (request.error instanceof RateLimited) return;
      const admission = await app.admission.catch(() => undefined);
      if (admission && !admission.ok) request.error = new RateLimited(admission.retryAfter);
      return;
    }
    if (!app?.entity || !app.visitor || app.rateLimit !== undefined) return;
    if (!(request.error instanceof AppError) || request.error.status >= 500) return;
    try {
      const admission = await count(app, app.entity);
      if (!admission.ok) request.error = new RateLimited(admission.retryAfter);
    } catch {
      // The store failed to count: the refusal stands as it was.
    }
  };
  return {
    before: rateLimitBefore,
    after: rateLimitAfter,
    onError: rateLimitOnError,
    state: {
      reads: ['entity', 'visitor', ...(booking === 'when-moving' ? (['body'] as const) : [])],
      writes: ['rateLimit', 'admission'],
    },
  };
};

/**
 * `RateLimit-Policy` and `RateLimit` on every answer to a counted request (the policies that applied), and
 * `Retry-After` on a 429. Place it before the envelope, so that it sees the built answer, errors included.
 *
 * Request state: reads `rateLimit` (in `after` and `onError`, awaiting the counts still being read); writes
 * nothing.
 *
 * @example
 * // rateLimit [{ policy: { name: 'entity', quota: 600, windowSeconds: 60 }, remaining: 598, resetSeconds: 41 }] →
 * // RateLimit-Policy: "entity";q=600;w=60   RateLimit: "entity";r=598;t=41
 */
export const rateLimitAnswerHeaders = (): Middleware => {
  const addHeaders = async (request: AppRequest): Promise<void> => {
    // The counts of a transaction's counters are read while the request ran (limit-repository.ts).
    const states: readonly PolicyState[] = (await request.context.app.rateLimit) ?? [];
    const response = request.response;
    // A 429 says when to try again, counted here or by the route itself (the sign-in limits: people).
    const limited = request.error instanceof RateLimited;
    if (!response || (states.length === 0 && !limited)) return;
    response.headers = {
      ...response.headers,
      ...(states.length > 0 ? rateLimitHeaders(states) : {}),
      ...(request.error instanceof RateLimited ? { 'retry-after': String(request.error.retryAfter) } : {}),
    };
  };
  return { after: addHeaders, onError: addHeaders };
};
