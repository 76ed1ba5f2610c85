import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../domain/errors';
import type { AppRequest, Middleware } from './types';

/** The header CloudFront adds to every request it forwards (infra/edge-stack.ts). */
export const ORIGIN_HEADER = 'x-origin-verify';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Origin check: a stage behind CloudFront (its ORIGIN_SECRET set) answers only requests that came through
 * CloudFront, which adds the secret header; any other request (straight to the execute-api endpoint) is
 * refused with 403 in the API's envelope. Without a secret it lets everything through. Reads lower-cased
 * headers (after the header normalizer).
 */
export const originCheck = (opts: { secret: string | undefined }): Middleware => {
  const expected = opts.secret ? digest(opts.secret) : undefined;
  const originCheckBefore = async (request: AppRequest): Promise<void> => {
    if (!expected) return;
    const given = request.event.headers?.[ORIGIN_HEADER];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw forbidden('This API answers through its public address only');
    }
  };
  return { before: originCheckBefore };
};
