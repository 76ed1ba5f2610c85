import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../core/errors';
import type { AppRequest, Middleware } from './types';

/** The header CloudFront adds to every request it forwards (infra/stacks/edge-stack.ts). */
export const ORIGIN_HEADER = 'x-origin-verify';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * True when a request may be answered: the stage has no origin secret, or the request carries it (headers
 * as API Gateway gives them: lower-case names). For handlers outside the middleware stack (the feed).
 */
export function originAllowed(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  secret: string | undefined,
): boolean {
  if (!secret) return true;
  const given = headers?.[ORIGIN_HEADER];
  return given !== undefined && timingSafeEqual(digest(given), digest(secret));
}

/**
 * True when a request came through the edge: the stage has an origin secret and the request carries it.
 * Only then are CloudFront's own headers (`CloudFront-Viewer-Address`) believed. For handlers outside the
 * stack (the pages, the feed); the stack's requests have it as `edge` on their state.
 */
export const cameThroughEdge = (
  headers: Readonly<Record<string, string | undefined>> | undefined,
  secret: string | undefined,
): boolean => Boolean(secret) && originAllowed(headers, secret);

/**
 * Origin check: a stage behind CloudFront (its ORIGIN_SECRET set) answers only requests that came through
 * CloudFront, which adds the secret header; any other request (straight to the execute-api endpoint) is
 * refused with 403 in the API's envelope. Without a secret it lets everything through. Reads lower-cased
 * headers (after the header normalizer).
 *
 * Request state: writes `edge`: true when a secret is set and the request carried it (the viewer's address
 * in `CloudFront-Viewer-Address` is then the visitor's), false otherwise.
 */
export const originCheck = (opts: { secret: string | undefined }): Middleware => {
  const originCheckBefore = async (request: AppRequest): Promise<void> => {
    if (!originAllowed(request.event.headers, opts.secret)) {
      throw forbidden('This API answers through its public address only');
    }
    request.context.app.edge = Boolean(opts.secret);
  };
  return { before: originCheckBefore, state: { reads: [], writes: ['edge'] } };
};
