import { publicBaseUrl } from '../../config';
import { AppError, tokenInvalid } from '../../core/errors';
import { setNewest } from '../../core/newest';
import type { EntityContext } from '../../features/access';
import { checkKeyUse, ownOriginOf, requestVisitor, VIEWER_ADDRESS_HEADER } from '../../features/access';
import type { EarlyReads } from '../../features/booking';
import type { Api, Authenticator } from '../stack-deps';
import type { AppRequest, Event, Middleware } from './types';

export interface TokenCheckOptions {
  api: Api;
  authenticate: Authenticator;
  /** v1 routes that answer debug mode (`debug=true` or `X-Debug: true`) without a token, where the stage allows it. */
  debugMode?: boolean;
  /** v2 routes a publishable key may call (from the origins it names); every other route refuses keys with 403. */
  publishable?: boolean;
  /**
   * Routes the manage page calls with its cancel token (and keys may call): `'appointment'` for the
   * appointment's own (they answer for its state themselves), true for the reads its page needs.
   */
  manage?: boolean | 'appointment';
  /** True while a cancel token's appointment is manageable; a read route refuses it otherwise (401). */
  opens?: (entity: EntityContext, cancelToken: string) => Promise<boolean>;
  /** The route's reads started beside the token's (HandlerOptions.prefetch). */
  prefetch?: Prefetch | undefined;
}

/**
 * Starts a route's first reads for the entity a token named last time, while the token is read again; its
 * result is handed to the route only when the token still names that entity (see `tokenCheck`).
 */
export type Prefetch = (lastSeen: EntityContext, event: Event) => EarlyReads | null | undefined;

/** Tokens a process remembers the entity of, for the prefetch; the oldest is forgotten past it. */
const REMEMBERED = 1000;
const lastSeen = new Map<string, EntityContext>();

/** The prefetch for the entity this token named before, if any; one that throws is no prefetch. */
function started(
  prefetch: Prefetch | undefined,
  token: string | undefined,
  event: Event,
): { entityId: string; value: EarlyReads | undefined } | undefined {
  const entity = prefetch && token ? lastSeen.get(token) : undefined;
  if (!prefetch || !entity) return undefined;
  try {
    return { entityId: entity.entityId, value: prefetch(entity, event) ?? undefined };
  } catch {
    return undefined;
  }
}

const defaults = { debugMode: false, publishable: false };

/** A v1 debug switch's value: true, false, or absent; anything else is 400 naming it (docs/CONTRACT.md#v1-in-short). */
const debugSwitch = (name: string, value: string | undefined): boolean => {
  if (value === undefined) return false;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === 'false') return word === 'true';
  throw new AppError('validation', 'INVALID_PARAMETER', `${name}: must be true or false`);
};

/**
 * True when the request asks for v1 debug mode (reads lower-cased headers): `debug` or `X-Debug` true. Either
 * with another value than true or false (any case) is refused with 400, debug mode or not.
 */
export const wantsDebug = (event: Event): boolean => {
  const query = debugSwitch('debug', event.queryStringParameters?.debug);
  const header = debugSwitch('X-Debug', event.headers?.['x-debug']);
  return query || header;
};

/**
 * Token check: the Access-Token header wins over the access_token parameter; the injected authenticator
 * takes each API's own kind of token (or, on v2, a publishable key) and names the entity, or refuses with
 * 401. A publishable key outside its routes or origins is refused with 403 (after its entity and visitor
 * are known, so that the limits count the refusal: rate-limit.ts).
 *
 * A route with a prefetch (the booking) saves a round trip: when this process saw the token before, the
 * route's first reads start for that entity beside the token's read, and reach the route only if the token,
 * read now, names the same entity (a rotated or revoked token is refused as ever; the reads of a wrong guess
 * are dropped). The token itself is read at most once per TOKEN_CACHE_SECONDS and instance (AuthService's
 * lookup keeps it: shared/features/access/services/token-cache.ts), so settings, keys and rotations act
 * within 5 s (docs/CONTRACT.md#credentials-in-force).
 *
 * Request state: writes `entity` (the token's), `visitor` (a publishable key's request: the key and the
 * visitor's address: behind the edge (`edge`, originCheck) the viewer's in `CloudFront-Viewer-Address`, else
 * the source address API Gateway saw; an IPv6 one as its /64), `prefetched` and, for v1 debug mode, `debug`.
 * Reads `edge`.
 *
 * @example
 * // Access-Token: pk_… from 203.0.113.7 →
 * // context.app.entity = { entityId: 'salon', settings, credential: { kind: 'publishable', keyId: 'key_1', … } }
 * // context.app.visitor = { keyId: 'key_1', ip: '203.0.113.7' }
 */
export const tokenCheck = (opts: TokenCheckOptions): Middleware => {
  const options = { ...defaults, ...opts };

  const tokenCheckBefore = async (request: AppRequest): Promise<void> => {
    const { event, context } = request;
    if (options.api === 'v1' && wantsDebug(event) && options.debugMode) {
      context.app.debug = true;
      return;
    }
    // A staff member's session named the entity already (session-check.ts); a token wins over a session.
    if (context.app.session) return;
    const token = event.headers?.['access-token'] || event.queryStringParameters?.access_token;
    const early = started(options.prefetch, token, event);
    const entity = await options.authenticate(token, options.api).catch((error: unknown) => {
      // A refused token starts nothing next time.
      if (token) lastSeen.delete(token);
      throw error;
    });
    context.app.entity = entity;
    if (options.prefetch && token) setNewest(lastSeen, token, entity, REMEMBERED);
    if (early?.entityId === entity.entityId) context.app.prefetched = early.value;
    if (entity.credential) {
      // The viewer (one per IPv4 address or IPv6 /64): behind the edge CloudFront names it, else the source.
      const ip = requestVisitor({
        sourceIp: event.requestContext?.http?.sourceIp,
        viewerHeader: event.headers?.[VIEWER_ADDRESS_HEADER],
        throughEdge: context.app.edge === true,
      });
      context.app.visitor = { keyId: entity.credential.keyId, ip };
      // The booking's live caps count per visitor: the credential carries it (a copy: the entity is cached).
      context.app.entity = { ...entity, credential: { ...entity.credential, visitor: ip } };
    }
    checkKeyUse(
      entity.credential,
      options,
      event.headers?.origin,
      // A hosted-page key's own origin is the stage's public base URL, never the request's Host.
      entity.credential?.hostedPage ? ownOriginOf(publicBaseUrl()) : undefined,
    );
    // A cancel token is a credential while its appointment is manageable: used up, it is as unknown (401).
    const cancel = entity.credential?.kind === 'cancel' && options.manage === true;
    if (cancel && options.opens && !(await options.opens(entity, String(token).trim()))) {
      throw tokenInvalid();
    }
  };
  return {
    before: tokenCheckBefore,
    state: { reads: ['edge'], writes: ['entity', 'visitor', 'prefetched', 'debug'] },
  };
};

/**
 * v1 debug mode on the routes without a token (GET /api/, /api/health): `debug` or `X-Debug` true (any case)
 * adds the envelope's `debug` object where the stage has debug mode. Their data stay the real ones (they
 * hold no tenant's data to replace), and another value is ignored there rather than refused.
 *
 * Request state: writes `debug`.
 */
export const publicDebug = (enabled: boolean): Middleware => {
  const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';
  const publicDebugBefore = ({ event, context }: AppRequest): void => {
    if (enabled && (isTrue(event.queryStringParameters?.debug) || isTrue(event.headers?.['x-debug'])))
      context.app.debug = true;
  };
  return { before: publicDebugBefore, state: { reads: [], writes: ['debug'] } };
};
