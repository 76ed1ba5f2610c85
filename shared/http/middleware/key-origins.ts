import type { AppRequest, Middleware } from './types';

/**
 * CORS for a publishable key's request: only its own origins are allowed, whatever the stage allows for
 * the secret tokens. Place it before the CORS middleware, so that it sees (and narrows) its headers.
 * A 403 refusal is readable by the page that caused it, so the widget can say why (it holds no data).
 */
export const keyOrigins = (): Middleware => {
  const narrow = (request: AppRequest): void => {
    const credential = request.context.app.entity?.credential;
    const response = request.response;
    if (!credential || !response) return;
    const origin = request.event.headers?.origin;
    const headers = { ...response.headers };
    delete headers['Access-Control-Allow-Origin'];
    delete headers['access-control-allow-origin'];
    if (origin && (credential.allowedOrigins.includes(origin) || response.statusCode === 403)) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers.Vary = 'Origin';
    }
    response.headers = headers;
  };
  return { after: narrow, onError: narrow };
};
