import type { AppRequest, Middleware } from './types';

export interface SecurityHeadersOptions {
  /** Headers every answer carries unless it already sets them (lower-case names). */
  headers?: Record<string, string>;
}

/**
 * The few security headers that concern a JSON/XML/CSV API (not the HTML-page set of
 * @middy/http-security-headers, whose defaults also write undefined Server/X-Powered-By values that
 * Node's HTTP server refuses, and an HSTS `preload` that is the domain owner's call, not ours).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
};

const defaults: Required<SecurityHeadersOptions> = { headers: SECURITY_HEADERS };

/**
 * Adds the security headers to every answer, errors included.
 *
 * Request state (`context.app`): reads and writes nothing; it reads and writes `request.response` only.
 *
 * @example
 * // response.headers = { 'content-type': 'application/json' }
 * //   -> { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', ... }
 */
export const securityHeaders = (opts: SecurityHeadersOptions = {}): Middleware => {
  const options = { ...defaults, ...opts };

  const securityHeadersAfter = (request: AppRequest): void => {
    const response = request.response;
    if (!response) return;
    response.headers = { ...options.headers, ...response.headers };
  };
  return { after: securityHeadersAfter, onError: securityHeadersAfter };
};
