import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import { withRequestHeaders } from '../request-headers';
import { CORS } from './cors-policy';
import type { AppRequest, Event, Middleware, RequestState, Result } from './types';

export interface CorsOptions {
  /** The stage's allowed origins: `*`, or exact origins (`https://app.example.com`). Empty: no browser origin. */
  origins: readonly string[];
  /**
   * Decides the origin an answer allows, in the manner of @middy/http-cors's `getOrigin`, with the request
   * state beside the incoming Origin; null: no Access-Control-Allow-Origin. Default: `resolveOrigin`.
   */
  getOrigin?: (incomingOrigin: string | undefined, state: Partial<RequestState>) => string | null;
}

/**
 * The one place an answer's allowed origin is decided (docs/CONTRACT.md#publishable-keys): a publishable
 * key's request allows the key's own origins and nothing else, whatever the stage allows; any other
 * request the stage's origins (`*`: every one).
 *
 * @example
 * resolveOrigin(['*'])('https://www.salon.fr', {}) // '*'
 * resolveOrigin(['*'])('https://www.salon.fr', { entity: { …, credential: { allowedOrigins: ['https://www.salon.fr'] } } }) // 'https://www.salon.fr'
 * resolveOrigin(['*'])('https://evil.example', { entity: { …, credential: { allowedOrigins: ['https://www.salon.fr'] } } }) // null
 */
export const resolveOrigin =
  (stageOrigins: readonly string[]) =>
  (incomingOrigin: string | undefined, state: Partial<RequestState>): string | null => {
    const credential = state.entity?.credential;
    const allowed = credential ? credential.allowedOrigins : stageOrigins;
    if (!credential && allowed.includes('*')) return '*';
    return incomingOrigin !== undefined && allowed.includes(incomingOrigin) ? incomingOrigin : null;
  };

/**
 * CORS on every answer, errors included: Access-Control-Allow-Origin as `getOrigin` decides (the only
 * middleware that writes it), Vary: Origin when the answer depends on the Origin (a publishable key's, or a
 * stage with several origins), and Access-Control-Expose-Headers. Use it before the envelope, so that it
 * sees the built answer.
 *
 * Request state: reads `entity` (in `after` and `onError`: a publishable key's credential); writes nothing.
 *
 * @example
 * // stage ['*'], a secret token's answer:       Access-Control-Allow-Origin: *
 * // stage ['*'], a key allowing https://www.salon.fr, Origin https://www.salon.fr:
 * //   Access-Control-Allow-Origin: https://www.salon.fr, Vary: Origin
 * // the same key from https://evil.example:      no Access-Control-Allow-Origin, Vary: Origin
 * //   (but its 403 refusal allows https://evil.example, so the page can say why)
 */
export const cors = (opts: CorsOptions): Middleware => {
  const getOrigin = opts.getOrigin ?? resolveOrigin(opts.origins);
  const exposeHeaders = CORS.exposeHeaders.join(', ');
  const addHeaders = (request: AppRequest): void => {
    const response = request.response;
    if (!response) return;
    const state: Partial<RequestState> = request.context.app ?? {};
    const headers = { ...response.headers };
    const incoming = request.event.headers?.origin;
    // A key's 403 refusal is readable by the page that caused it, so its widget can say why (it holds no data).
    const refusal = response.statusCode === 403 && state.entity?.credential ? (incoming ?? null) : null;
    const origin = getOrigin(incoming, state) ?? refusal;
    if (origin) headers['Access-Control-Allow-Origin'] = origin;
    if (state.entity?.credential || (opts.origins.length > 1 && origin !== '*')) {
      headers.Vary = headers.Vary ? `${headers.Vary}, Origin` : 'Origin';
    }
    headers['Access-Control-Expose-Headers'] = exposeHeaders;
    response.headers = headers;
  };
  return { after: addHeaders, onError: addHeaders };
};

/** True for a CORS preflight: OPTIONS with Origin and Access-Control-Request-Method (lower-cased headers). */
export const isPreflight = (method: string, headers: Record<string, string | undefined>): boolean =>
  method === 'OPTIONS' &&
  headers.origin !== undefined &&
  headers['access-control-request-method'] !== undefined;

/**
 * The answer API Gateway gives a preflight when `corsPreflight` is set (no function runs): 204 with the
 * Access-Control-Allow-* headers. The local server uses it for preflights on the paths the API serves.
 */
export const preflightHandler = (opts: CorsOptions) => {
  const answer = middy<Event, Result>()
    .use(
      httpCors({
        origins: [...opts.origins],
        methods: CORS.allowMethods.join(', '),
        headers: CORS.allowHeaders.join(', '),
        maxAge: CORS.maxAgeSeconds,
      }) as MiddlewareObj<Event, Result>,
    )
    .handler(async () => ({ statusCode: 204 }));
  // Its answers carry X-Request-Id and Server-Timing as every other answer does.
  return withRequestHeaders((event, context) => answer(event, context));
};
