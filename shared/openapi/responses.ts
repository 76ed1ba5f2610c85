/** The responses of an operation: the success envelope with an example, and each error status it documents. */
import { API_VERSION } from '../domain/core/api';
import { CONTRACT } from '../http/schemas/common';
import { V1HealthDegraded } from '../http/schemas/envelopes';
import type { RouteDef } from '../routes';
import { STAMP, V1_ERROR_MESSAGES } from './examples';
import type { ErrorStatus, RouteDoc } from './route-doc';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const isV2 = (route: RouteDef) => /^\/api\/v2(\/|$)/.test(route.path);

function headers(doc: RouteDoc<string>, status: number) {
  return {
    'X-Request-Id': headerRef('XRequestId'),
    'Server-Timing': headerRef('ServerTiming'),
    ...(doc.idempotent && status === 200 ? { 'Idempotent-Replayed': headerRef('IdempotentReplayed') } : {}),
    // Present when a limit counted the request (docs/CONTRACT.md#limits).
    RateLimit: headerRef('RateLimit'),
    'RateLimit-Policy': headerRef('RateLimitPolicy'),
    ...(status === 429 ? { 'Retry-After': headerRef('RetryAfter') } : {}),
  };
}

/** What the route's handler says of itself beyond its schemas (shared/http/stack.ts). */
export interface RouteFacts {
  hasInput: boolean;
  hasBody: boolean;
  /** A publishable key may call it (docs/CONTRACT.md#publishable-keys). */
  publishable: boolean;
}

/** v1 answers also come as XML (`<response>` with the envelope's fields) and CSV (the rows of data). */
const V1_TEXT_FORMATS = {
  'application/xml': {
    schema: { type: 'string', description: 'Root element <response> holding the envelope fields.' },
  },
  'text/csv': {
    schema: { type: 'string', description: 'A header row, then one row per item of data (no envelope).' },
  },
};

const v1Frame = (message: string) => ({
  message,
  api_version: API_VERSION,
  timestamp: STAMP,
  format: 'json',
});

function v1SuccessExample(doc: RouteDoc<string>) {
  const items = Array.isArray(doc.example) ? doc.example.length : 1;
  const list = doc.list;
  return {
    success: true,
    data: doc.example,
    ...(list ? { pagination: { total: items, page: 1, per_page: 50, total_pages: 1, has_more: false } } : {}),
    meta: list?.calendarId ? { calendar_id: list.calendarId } : {},
    ...v1Frame(list ? `${items} of ${items}` : 'OK'),
    error_code: 'SUCCESS',
    http_code: 200,
  };
}

function nameOf(doc: RouteDoc<string>): string {
  const name = CONTRACT.get(doc.answer)?.id;
  if (!name) throw new Error(`the answer of "${doc.summary}" is not a named contract schema`);
  return name;
}

/** The 200 answer. */
export function successResponse(route: RouteDef, doc: RouteDoc<string>) {
  const example = isV2(route) ? { success: true, data: doc.example, message: 'OK' } : v1SuccessExample(doc);
  return {
    description: CONTRACT.get(doc.answer)?.description ?? 'success',
    headers: headers(doc, 200),
    content: {
      'application/json': { schema: schemaRef(nameOf(doc)), example },
      ...(isV2(route) ? {} : V1_TEXT_FORMATS),
    },
  };
}

type Errors = Partial<Record<ErrorStatus, string[]>>;

const add = (errors: Errors, status: ErrorStatus, reasons: readonly string[]) => {
  errors[status] = [...new Set([...(errors[status] ?? []), ...reasons])];
};

/** What every v1 route of its kind can answer, beside its own errors. */
function v1Errors(route: RouteDef, doc: RouteDoc<string>, hasBody: boolean): Errors {
  const errors: Errors = {};
  add(errors, 400, ['INVALID_PARAMETER']);
  if (hasBody) add(errors, 400, ['MISSING_REQUIRED_FIELD', 'INVALID_JSON']);
  if (route.auth !== 'none') add(errors, 401, ['AUTH_REQUIRED', 'AUTH_INVALID']);
  if (doc.idempotent) add(errors, 409, ['IDEMPOTENCY_KEY_REUSED']);
  if (hasBody) add(errors, 413, ['PAYLOAD_TOO_LARGE']);
  if (route.auth !== 'none') add(errors, 429, ['RATE_LIMITED']);
  add(errors, 500, ['INTERNAL_ERROR']);
  return errors;
}

/** What every v2 route of its kind can answer, beside its own errors. */
function v2Errors(doc: RouteDoc<string>, facts: RouteFacts): Errors {
  const errors: Errors = {};
  if (facts.hasInput) add(errors, 400, ['a missing or malformed field: <field>: <rule>']);
  if (facts.hasBody) add(errors, 400, ['body is not valid JSON']);
  add(errors, 401, ['access token required', 'invalid access token']);
  add(
    errors,
    403,
    facts.publishable
      ? ['this publishable key may not be used from this origin']
      : ['a publishable key may not do this: use the secret token of the entity'],
  );
  if (doc.idempotent) add(errors, 409, ['Idempotency-Key was already used with a different request']);
  if (facts.hasBody) add(errors, 413, ['request body is larger than 65536 bytes']);
  add(errors, 429, ['too many requests, retry in <N> s']);
  add(errors, 500, ['server error: <request id>']);
  return errors;
}

const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid input',
  401: 'Access token required or invalid',
  403: 'Not allowed to a publishable key (this route, or this origin)',
  404: 'Not found',
  409: 'Refused by the state of the slot, the day or the key',
  413: 'Body over 64 KB',
  429: 'Over a limit: nothing was done; retry after Retry-After seconds',
  500: 'Server error (the message names the request id; the detail is in the log)',
  503: 'Busy: retry the same request',
};

/** Every error status of a route, with its envelope and, for v1, the error codes it can carry. */
export function errorResponses(route: RouteDef, doc: RouteDoc<string>, facts: RouteFacts) {
  const errors = isV2(route) ? v2Errors(doc, facts) : v1Errors(route, doc, facts.hasBody);
  for (const [status, reasons] of Object.entries(doc.errors))
    add(errors, Number(status) as ErrorStatus, reasons);
  const responses: Record<string, unknown> = {};
  for (const status of Object.keys(errors).map(Number).sort() as ErrorStatus[]) {
    const reasons = errors[status] ?? [];
    const first = reasons[0] ?? '';
    responses[status] = isV2(route)
      ? {
          description: `${STATUS_TEXT[status]}: ${reasons.join('; ')}.`,
          headers: headers(doc, status),
          content: {
            'application/json': {
              schema: schemaRef('V2Error'),
              example: { success: false, data: [], message: first },
            },
          },
        }
      : {
          description: `${STATUS_TEXT[status]}. error_code: ${reasons.join(', ')}.`,
          headers: headers(doc, status),
          content: {
            'application/json': {
              schema: {
                allOf: [
                  schemaRef('V1Error'),
                  {
                    type: 'object',
                    properties: { error_code: { enum: reasons }, http_code: { const: status } },
                  },
                ],
              },
              example: {
                success: false,
                data: null,
                error_code: first,
                http_code: status,
                ...v1Frame(V1_ERROR_MESSAGES[first] ?? first),
                meta: {},
              },
            },
            ...V1_TEXT_FORMATS,
          },
        };
  }
  if (route.path === '/api/health') responses[503] = degradedHealth(doc);
  return responses;
}

function degradedHealth(doc: RouteDoc<string>) {
  return {
    description: CONTRACT.get(V1HealthDegraded)?.description ?? 'degraded',
    headers: headers(doc, 503),
    content: {
      'application/json': {
        schema: schemaRef('V1HealthDegraded'),
        example: {
          success: false,
          data: {
            status: 'degraded',
            timestamp: 1795424100,
            version: '1.0',
            debug_mode: true,
            database: 'unreachable',
          },
          meta: {},
          ...v1Frame('database unreachable'),
          error_code: 'SERVICE_UNAVAILABLE',
          http_code: 503,
        },
      },
      ...V1_TEXT_FORMATS,
    },
  };
}
