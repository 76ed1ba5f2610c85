/** The responses of an operation: the success envelope with an example, and each error status it documents. */
import { API_VERSION } from '../core/api';
import { busy, stalled } from '../core/errors';
import { STAMP } from '../features/v1-reads/http/examples';
import { V1HealthDegraded } from '../features/v1-reads/http/schemas';
import type { RouteDef } from '../routes';
import { CONTRACT } from '../shapes/common';
import type { ErrorStatus, RouteDoc } from '../shapes/route-doc';
import { V1_ERROR_MESSAGES } from './v1-error-messages';
import { exampleV2Code } from './v2-error-codes';

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const isV2 = (route: RouteDef) => /^\/api\/v2(\/|$)/.test(route.path);

/** `retry`: the answer says when to try again (429, and 503 but for health's own). */
function headers(doc: RouteDoc<string>, status: number, retry = status === 429 || status === 503) {
  return {
    'X-Request-Id': headerRef('XRequestId'),
    'Server-Timing': headerRef('ServerTiming'),
    ...(doc.idempotent && status === 200 ? { 'Idempotent-Replayed': headerRef('IdempotentReplayed') } : {}),
    // Present when a limit counted the request (docs/CONTRACT.md#limits).
    RateLimit: headerRef('RateLimit'),
    'RateLimit-Policy': headerRef('RateLimitPolicy'),
    ...(retry ? { 'Retry-After': headerRef('RetryAfter') } : {}),
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
    schema: { type: 'string', description: 'A header row (alone for an empty list), then a row per item.' },
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

/** The reasons of one error status, and the name its response takes when operations share it. */
interface StatusErrors {
  name: string;
  reasons: string[];
}
type Errors = Partial<Record<ErrorStatus, StatusErrors>>;

const STATUS_NAME: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  429: 'RateLimited',
  500: 'ServerError',
  503: 'Unavailable',
};

/** `slot not available: full` → `SlotNotAvailableFull`, `SLOT_IN_PAST` → `SlotInPast`. */
const pascal = (reason: string) =>
  (reason.match(/[A-Za-z0-9]+/g) ?? []).map((w) => w[0]?.toUpperCase() + w.slice(1).toLowerCase()).join('');

/**
 * Adds reasons to a status. `kind` names what every route of its kind answers (the name a shared
 * response takes); a route's own reasons lengthen the name by the reasons they add, so one name is
 * always one list of reasons.
 */
const add = (errors: Errors, status: ErrorStatus, reasons: readonly string[], kind?: string) => {
  const known = errors[status]?.reasons ?? [];
  const added = [...new Set(reasons)].filter((r) => !known.includes(r));
  const name = kind ?? `${errors[status]?.name ?? STATUS_NAME[status]}${added.map(pascal).join('')}`;
  errors[status] = { name, reasons: [...known, ...added] };
};

/** What every v1 route of its kind can answer, beside its own errors. */
function v1Errors(route: RouteDef, doc: RouteDoc<string>, hasBody: boolean): Errors {
  const errors: Errors = {};
  add(errors, 400, ['INVALID_PARAMETER'], 'BadRequest');
  if (hasBody) add(errors, 400, ['MISSING_REQUIRED_FIELD', 'INVALID_JSON'], 'BadRequestWithBody');
  if (route.auth !== 'none') add(errors, 401, ['AUTH_REQUIRED', 'AUTH_INVALID'], 'Unauthorized');
  if (doc.idempotent) add(errors, 409, ['IDEMPOTENCY_KEY_REUSED'], 'IdempotencyKeyReused');
  if (hasBody) add(errors, 413, ['PAYLOAD_TOO_LARGE'], 'PayloadTooLarge');
  if (route.auth !== 'none') add(errors, 429, ['RATE_LIMITED'], 'RateLimited');
  add(errors, 500, ['INTERNAL_ERROR'], 'ServerError');
  if (route.auth !== 'none') add(errors, 503, ['SERVICE_UNAVAILABLE'], 'Unavailable');
  return errors;
}

/** What every v2 route of its kind can answer, beside its own errors. */
function v2Errors(doc: RouteDoc<string>, facts: RouteFacts): Errors {
  const errors: Errors = {};
  if (facts.hasInput) add(errors, 400, ['a missing or malformed field: <field>: <rule>'], 'BadRequest');
  if (facts.hasBody) add(errors, 400, ['body is not valid JSON'], 'BadRequestWithBody');
  add(errors, 401, ['access token required', 'invalid access token'], 'Unauthorized');
  if (facts.publishable)
    add(errors, 403, ['this publishable key may not be used from this origin'], 'ForeignOrigin');
  else
    add(errors, 403, ['a publishable key may not do this: use the secret token of the entity'], 'SecretOnly');
  if (doc.idempotent)
    add(errors, 409, ['Idempotency-Key was already used with a different request'], 'IdempotencyKeyReused');
  if (facts.hasBody) add(errors, 413, ['request body is larger than 65536 bytes'], 'PayloadTooLarge');
  add(errors, 429, ['too many requests, retry in <N> s'], 'RateLimited');
  add(errors, 500, ['server error: <request id>'], 'ServerError');
  add(errors, 503, [busy().message, stalled().message], 'Unavailable');
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
  503: 'Unavailable for a moment (the store busy, or not answering in time): send the same request again after Retry-After seconds',
};

/** An error response, and the name it takes in components.responses when operations share it. */
export interface NamedResponse {
  /** Absent: the response is the route's own (never shared). */
  name?: string;
  response: Record<string, unknown>;
}

/** Every error status of a route, with its envelope and, for v1, the error codes it can carry. */
export function errorResponses(
  route: RouteDef,
  doc: RouteDoc<string>,
  facts: RouteFacts,
): Record<string, NamedResponse> {
  const v2 = isV2(route);
  const errors = v2 ? v2Errors(doc, facts) : v1Errors(route, doc, facts.hasBody);
  for (const [status, reasons] of Object.entries(doc.errors))
    add(errors, Number(status) as ErrorStatus, reasons);
  const responses: Record<string, NamedResponse> = {};
  for (const status of Object.keys(errors).map(Number).sort() as ErrorStatus[]) {
    const { name, reasons } = errors[status] ?? { name: '', reasons: [] };
    responses[status] = {
      name: `${v2 ? 'V2' : 'V1'}${name}`,
      response: v2 ? v2Error(doc, status, reasons) : v1Error(doc, status, reasons),
    };
  }
  if (route.path === '/api/health') responses[503] = { response: degradedHealth(doc) };
  return responses;
}

function v2Error(doc: RouteDoc<string>, status: ErrorStatus, reasons: string[]) {
  const first = reasons[0] ?? '';
  return {
    description: `${STATUS_TEXT[status]}: ${reasons.join('; ')}.`,
    headers: headers(doc, status),
    content: {
      'application/json': {
        schema: schemaRef('V2Error'),
        example: {
          success: false,
          data: [],
          message: first,
          code: exampleV2Code(status, first),
        },
      },
    },
  };
}

function v1Error(doc: RouteDoc<string>, status: ErrorStatus, reasons: string[]) {
  const first = reasons[0] ?? '';
  return {
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

/**
 * The error responses of every operation, those two or more give word for word written once in
 * components.responses (by the name of their reasons) and referenced from each operation.
 */
export function shareResponses(operations: Record<string, NamedResponse>[]) {
  const uses = new Map<string, { json: string; count: number }>();
  for (const { name, response } of operations.flatMap((responses) => Object.values(responses))) {
    if (!name) continue;
    const json = JSON.stringify(response);
    const seen = uses.get(name);
    if (seen && seen.json !== json) throw new Error(`two different error responses are both named ${name}`);
    uses.set(name, { json, count: (seen?.count ?? 0) + 1 });
  }
  const shared = (name?: string): name is string => name !== undefined && (uses.get(name)?.count ?? 0) > 1;
  const components: Record<string, unknown> = {};
  for (const [name, { json }] of [...uses].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (shared(name)) components[name] = JSON.parse(json);
  const responses = operations.map((named) =>
    Object.fromEntries(
      Object.entries(named).map(([status, { name, response }]) => [
        status,
        shared(name) ? { $ref: `#/components/responses/${name}` } : response,
      ]),
    ),
  );
  return { components, responses };
}

function degradedHealth(doc: RouteDoc<string>) {
  return {
    description: CONTRACT.get(V1HealthDegraded)?.description ?? 'degraded',
    headers: headers(doc, 503, false),
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
