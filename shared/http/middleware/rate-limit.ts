import { type LimitedRequest, type PolicyState, rateLimitHeaders } from '../../domain/access/limits';
import type { EntityContext } from '../../domain/entity';
import { RateLimited } from '../../domain/errors';
import type { Admission } from '../stack-deps';
import type { AppRequest, Middleware } from './types';

export interface RateLimitOptions {
  /** Counts the request against the limits that apply (the limit service, injected by the wiring). */
  admit: (entity: EntityContext, request: LimitedRequest) => Promise<Admission>;
  /** Whether the request is a booking for the limits: a booking route, or a move (the body's `slot_id`). */
  booking?: 'always' | 'when-moving' | 'never';
}

const isMove = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>).slot_id !== undefined;

/**
 * Counts an authenticated request against its entity's limits, and a publishable key's request against
 * its visitor limits (key and caller address); over a limit it is refused with 429 before anything runs.
 * Place it after the token check and the body parser.
 */
export const rateLimit = (opts: RateLimitOptions): Middleware => {
  const booking = opts.booking ?? 'never';
  const rateLimitBefore = async (request: AppRequest): Promise<void> => {
    const { event, context } = request;
    const entity = context.app.entity;
    if (!entity) return;
    const visitor = entity.credential
      ? { keyId: entity.credential.keyId, ip: event.requestContext?.http?.sourceIp ?? 'unknown' }
      : undefined;
    const admission = await opts.admit(entity, {
      booking: booking === 'always' || (booking === 'when-moving' && isMove(context.app.body)),
      visitor,
    });
    context.app.rateLimit = admission.states;
    if (!admission.ok) throw new RateLimited(admission.retryAfter);
  };
  return { before: rateLimitBefore };
};

/**
 * `RateLimit-Policy` and `RateLimit` on every answer to a counted request (the policies that applied), and
 * `Retry-After` on a 429. Place it before the envelope, so that it sees the built answer, errors included.
 */
export const rateLimitAnswerHeaders = (): Middleware => {
  const addHeaders = (request: AppRequest): void => {
    const states: readonly PolicyState[] = request.context.app.rateLimit ?? [];
    const response = request.response;
    if (!response || states.length === 0) return;
    response.headers = {
      ...response.headers,
      ...rateLimitHeaders(states),
      ...(request.error instanceof RateLimited ? { 'retry-after': String(request.error.retryAfter) } : {}),
    };
  };
  return { after: addHeaders, onError: addHeaders };
};
