/**
 * What a browser may do across origins (docs/CONTRACT.md#requests: a CORS preflight on a path
 * the API serves is answered 204). One list for the functions (middleware/cors.ts), the local server's
 * preflight and API Gateway's `corsPreflight` (infra/stacks/api-stack.ts). Origins come per stage from config.
 */
export const CORS = {
  allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
  /** Request headers a browser may send beyond the CORS-safelisted ones. */
  allowHeaders: ['content-type', 'access-token', 'idempotency-key', 'x-debug'],
  /** Answer headers a browser script may read beyond the CORS-safelisted ones. */
  exposeHeaders: [
    'x-request-id',
    'server-timing',
    'idempotent-replayed',
    'ratelimit',
    'ratelimit-policy',
    'retry-after',
  ],
  /** How long a browser may cache a preflight answer. */
  maxAgeSeconds: 600,
} as const;
