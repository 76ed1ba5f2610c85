import type { Api, Authenticator } from '../ports';
import type { AppRequest, Event, Middleware } from './types';

export interface TokenCheckOptions {
  api: Api;
  authenticate: Authenticator;
  /** v1 routes that answer debug mode (`debug=true` or `X-Debug: true`) without a token, where the stage allows it. */
  debugMode?: boolean;
}

const defaults = { debugMode: false };

/** True when the request asks for v1 debug mode (reads lower-cased headers). */
export const wantsDebug = (event: Event): boolean =>
  event.queryStringParameters?.debug === 'true' ||
  event.headers?.['x-debug']?.trim().toLowerCase() === 'true';

/**
 * Token check: the Access-Token header wins over the access_token parameter; the injected authenticator
 * takes each API's own kind of token and names the entity, or refuses with 401.
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
    context.app.entity = await options.authenticate(token, options.api);
  };
  return { before: tokenCheckBefore };
};
