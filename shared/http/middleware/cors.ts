import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import { CORS } from './cors-policy';
import type { Event, Middleware, Result } from './types';

export interface CorsOptions {
  /** Allowed origins: `*`, or exact origins (`https://app.example.com`). Empty: no browser origin. */
  origins: readonly string[];
}

/**
 * @middy/http-cors with the API's CORS settings: Access-Control-Allow-Origin (and Vary: Origin when it
 * depends on the request) on every answer, errors included. Use it before the envelope, so that it sees
 * the built answer.
 */
export const cors = (opts: CorsOptions): Middleware =>
  httpCors({
    origins: [...opts.origins],
    exposeHeaders: CORS.exposeHeaders.join(', '),
  }) as Middleware;

/** True for a CORS preflight: OPTIONS with Origin and Access-Control-Request-Method (lower-cased headers). */
export const isPreflight = (method: string, headers: Record<string, string | undefined>): boolean =>
  method === 'OPTIONS' &&
  headers.origin !== undefined &&
  headers['access-control-request-method'] !== undefined;

/**
 * The answer API Gateway gives a preflight when `corsPreflight` is set (no function runs): 204 with the
 * Access-Control-Allow-* headers. The local server uses it for preflights on the paths the API serves.
 */
export const preflightHandler = (opts: CorsOptions) =>
  middy<Event, Result>()
    .use(
      httpCors({
        origins: [...opts.origins],
        methods: CORS.allowMethods.join(', '),
        headers: CORS.allowHeaders.join(', '),
        maxAge: CORS.maxAgeSeconds,
      }) as MiddlewareObj<Event, Result>,
    )
    .handler(async () => ({ statusCode: 204 }));
