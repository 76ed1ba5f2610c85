import { checkKeyUse, ownOriginOf } from '../../domain/access/publishable-keys';
import type { Api, Authenticator } from '../stack-deps';
import type { AppRequest, Event, Middleware } from './types';

export interface TokenCheckOptions {
  api: Api;
  authenticate: Authenticator;
  /** v1 routes that answer debug mode (`debug=true` or `X-Debug: true`) without a token, where the stage allows it. */
  debugMode?: boolean;
  /** v2 routes a publishable key may call (from the origins it names); every other route refuses keys with 403. */
  publishable?: boolean;
  /** Routes of one appointment the manage page calls with its cancel token (and keys may call). */
  manage?: boolean;
}

const defaults = { debugMode: false, publishable: false };

/** True when the request asks for v1 debug mode (reads lower-cased headers). */
export const wantsDebug = (event: Event): boolean =>
  event.queryStringParameters?.debug === 'true' ||
  event.headers?.['x-debug']?.trim().toLowerCase() === 'true';

/**
 * Token check: the Access-Token header wins over the access_token parameter; the injected authenticator
 * takes each API's own kind of token (or, on v2, a publishable key) and names the entity, or refuses with
 * 401. A publishable key outside its routes or origins is refused with 403 (after its entity and visitor
 * are known, so that the limits count the refusal: rate-limit.ts).
 *
 * Request state: writes `entity` (the token's), `visitor` (a publishable key's request: the key and the
 * caller's address, as API Gateway saw it) and, for v1 debug mode, `debug`. Reads nothing.
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
    if (options.api === 'v1' && options.debugMode && wantsDebug(event)) {
      context.app.debug = true;
      return;
    }
    const token = event.headers?.['access-token'] || event.queryStringParameters?.access_token;
    const entity = await options.authenticate(token, options.api);
    context.app.entity = entity;
    if (entity.credential) {
      context.app.visitor = {
        keyId: entity.credential.keyId,
        ip: event.requestContext?.http?.sourceIp || 'unknown',
      };
    }
    checkKeyUse(
      entity.credential,
      options,
      event.headers?.origin,
      ownOriginOf(event.headers?.host, event.headers?.['x-forwarded-proto']),
    );
  };
  return { before: tokenCheckBefore, state: { reads: [], writes: ['entity', 'visitor', 'debug'] } };
};
