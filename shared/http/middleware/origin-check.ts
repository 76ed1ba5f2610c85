import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../core/errors';
import { originSecrets } from '../origin-secrets';
import type { AppRequest, Middleware } from './types';

/** The header CloudFront adds to every request it forwards (infra/stacks/edge-stack.ts). */
export const ORIGIN_HEADER = 'x-origin-verify';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The origin secret's accepted values: one (locally, ORIGIN_SECRET), two during a rotation (deployed, the
 * secret's current and previous versions: shared/http/origin-secrets.ts), none when the stage has none.
 */
export type OriginSecretValues = string | readonly string[] | undefined;

const valuesOf = (secret: OriginSecretValues): readonly string[] =>
  (typeof secret === 'string' ? [secret] : (secret ?? [])).filter((value) => value !== '');

/**
 * True when a request may be answered: the stage has no origin secret, or the request carries one of its
 * values (headers as API Gateway gives them: lower-case names). For handlers outside the middleware stack
 * (the feed), which read the values first (`await originSecrets()`).
 */
export function originAllowed(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  secret: OriginSecretValues,
): boolean {
  const values = valuesOf(secret);
  if (values.length === 0) return true;
  const given = headers?.[ORIGIN_HEADER];
  if (given === undefined) return false;
  // Every value compared, in constant time each: which one matched is not told by the time taken.
  return values.map((value) => timingSafeEqual(digest(given), digest(value))).some(Boolean);
}

/**
 * True when a request came through the edge: the stage has an origin secret and the request carries it.
 * Only then are CloudFront's own headers (`CloudFront-Viewer-Address`) believed. For handlers outside the
 * stack (the pages, the feed); the stack's requests have it as `edge` on their state.
 */
export const cameThroughEdge = (
  headers: Readonly<Record<string, string | undefined>> | undefined,
  secret: OriginSecretValues,
): boolean => valuesOf(secret).length > 0 && originAllowed(headers, secret);

/**
 * Origin check: a stage behind CloudFront (its origin secret set) answers only requests that came through
 * CloudFront, which adds the secret header; any other request (straight to the execute-api endpoint) is
 * refused with 403 in the API's envelope. Without a secret it lets everything through. Reads lower-cased
 * headers (after the header normalizer).
 *
 * Request state: writes `edge`: true when a secret is set and the request carried it (the viewer's address
 * in `CloudFront-Viewer-Address` is then the visitor's), false otherwise.
 */
export const originCheck = (opts: {
  /**
   * Fixed values (tests); unset or empty: the stage's, read when a request comes (originSecrets: the local
   * ORIGIN_SECRET, or deployed the secret's current and previous values, cached).
   */
  secret?: OriginSecretValues;
}): Middleware => {
  const fixed = valuesOf(opts.secret);
  const originCheckBefore = async (request: AppRequest): Promise<void> => {
    const secrets = fixed.length > 0 ? fixed : await originSecrets();
    if (!originAllowed(request.event.headers, secrets)) {
      throw forbidden('This API answers through its public address only');
    }
    request.context.app.edge = secrets.length > 0;
  };
  return { before: originCheckBefore, state: { reads: [], writes: ['edge'] } };
};
