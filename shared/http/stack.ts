import { randomUUID } from 'node:crypto';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { config } from '../config';
import type { EntityContext } from '../domain/entity';
import {
  AppError,
  conflict,
  internalError,
  invalidField,
  invalidJson,
  payloadTooLarge,
} from '../domain/errors';
import { sha256Hex } from '../domain/tokens';
import { logger } from '../logger';
import type { IdempotencyMark, StoredAnswer } from '../services/ports';
import { authService, idempotencyStore as idempotencyRepository } from '../wiring';
import { type Format, negotiateFormat } from './negotiation';
import type { Reply } from './reply';
import { currentScope, runInScope } from './scope';
import { zodToAppError } from './validation';

/** Which API a route belongs to: its envelope, its token kind and its error vocabulary. */
export type Api = 'v1' | 'v2';

/** Time zone of answers given before the entity is known (unknown paths, bad tokens). */
const DEFAULT_TIMEZONE = 'Europe/Paris';

/** The facts of an answer that come from the request, not from the handler. */
export interface Frame {
  format: Format;
  timezone: string;
  debug?: Record<string, unknown> | undefined;
}

/**
 * How one API answers: its envelope on success and on error. Each API's entry module (v1.ts, v2.ts)
 * passes its own, so a v2 function's bundle carries no XML or CSV serializer.
 */
export interface ApiProfile {
  api: Api;
  success(reply: Reply, frame: Frame): Result;
  error(error: AppError, frame: Frame): Result;
}

/** A request body larger than this is refused with 413 (DECISIONS.md "Requests, both APIs"). */
export const MAX_BODY_BYTES = 64 * 1024;

/** What the stack learns about a request as it goes, kept on the Lambda context. */
interface RequestState {
  api: Api;
  requestId: string;
  startedAt: number;
  format: Format;
  debug: boolean;
  entity?: EntityContext;
  body?: unknown;
  input?: { path: unknown; query: unknown; body: unknown };
  /** An Idempotency-Key this request claimed, to record its answer under. */
  idempotency?: IdempotencyMark;
  /** The recorded answer of an earlier request with the same Idempotency-Key and body. */
  replay?: StoredAnswer;
}
type AppContext = Context & { app: RequestState };
type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;
type Middleware = MiddlewareObj<Event, Result, Error, AppContext>;

/** Header lookup that ignores case (HTTP API lower-cases headers; SAM and tests may not). */
export function header(event: Event, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}
const query = (event: Event, name: string): string | undefined => event.queryStringParameters?.[name];

/** True when the request asks for v1 debug mode and the stage allows it. */
export function wantsDebug(event: Event): boolean {
  if (!config.debugModeEnabled) return false;
  return query(event, 'debug') === 'true' || header(event, 'x-debug')?.trim().toLowerCase() === 'true';
}

// 1. Request id, timing and one structured log line per request, success or failure.
const observe = (): Middleware => ({
  before: (request) => {
    const event = request.event;
    request.context.app = {
      api: 'v2',
      requestId: event.requestContext?.requestId ?? request.context.awsRequestId ?? randomUUID(),
      startedAt: performance.now(),
      format: 'json',
      debug: false,
    };
  },
  after: (request) => finish(request),
  onError: (request) => finish(request),
});

function finish(request: { event: Event; context: AppContext; response: Result | null | undefined }) {
  const { app } = request.context;
  const totalMs = performance.now() - app.startedAt;
  const storeMs = currentScope()?.storeMs ?? 0;
  const response = request.response;
  if (response) {
    response.headers = {
      ...response.headers,
      'x-request-id': app.requestId,
      'server-timing': `store;dur=${storeMs.toFixed(1)}, total;dur=${totalMs.toFixed(1)}`,
    };
  }
  logger.info('request', {
    request_id: app.requestId,
    route: request.event.routeKey,
    method: request.event.requestContext?.http?.method,
    path: request.event.rawPath,
    status: response?.statusCode,
    duration_ms: Math.round(totalMs * 10) / 10,
    store_ms: Math.round(storeMs * 10) / 10,
    entity: app.entity?.entityId,
  });
}

// 2. Envelope building on success, and the one mapper from errors to each API's answer.
const answer = (profile: ApiProfile): Middleware => ({
  before: (request) => {
    request.context.app.api = profile.api;
  },
  after: (request) => {
    const { app } = request.context;
    if (app.replay) {
      request.response = { ...app.replay, headers: { ...app.replay.headers, 'idempotent-replayed': 'true' } };
      return;
    }
    const reply = request.response as unknown as Reply;
    request.response = profile.success(reply, frame(app, request.event));
  },
  onError: (request) => {
    const { app } = request.context;
    let error = request.error;
    if (!(error instanceof AppError)) {
      logger.error('unhandled error', { request_id: app.requestId, error: error as Error });
      error = internalError(app.requestId);
    }
    const appError = error as AppError;
    request.response = profile.error(appError, frame(app, request.event));
  },
});

const frame = (app: RequestState, event: Event): Frame => ({
  format: app.format,
  timezone: app.entity?.settings.timezone ?? DEFAULT_TIMEZONE,
  debug: app.debug ? debugObject(app, event) : undefined,
});

/** The v1 envelope's `debug` object (api-v1-calendar.md): performance figures of this request. */
const debugObject = (app: RequestState, event: Event) => ({
  memory_usage: process.memoryUsage().heapUsed,
  execution_time: Math.round(performance.now() - app.startedAt) / 1000,
  query_count: currentScope()?.storeCalls ?? 0,
  request_method: event.requestContext?.http?.method ?? '',
  endpoint: event.rawPath ?? '',
  debug_mode: true,
});

// 3. v1 format negotiation: `format` wins over Accept; an unknown format is 400 INVALID_PARAMETER (in JSON).
const negotiate = (): Middleware => ({
  before: (request) => {
    const format = negotiateFormat(query(request.event, 'format'), header(request.event, 'accept'));
    if (format === null) {
      throw new AppError('validation', 'INVALID_PARAMETER', 'format: must be one of json, xml, csv');
    }
    request.context.app.format = format;
  },
});

// 4. Token check: header Access-Token wins over the access_token parameter; each API takes its own kind.
const authenticate = (api: Api, allowDebug: boolean): Middleware => ({
  before: async (request) => {
    const { event, context } = request;
    if (api === 'v1' && allowDebug && wantsDebug(event)) {
      context.app.debug = true;
      return;
    }
    const token = header(event, 'access-token') || query(event, 'access_token');
    context.app.entity = await authService().authenticate(token, api);
  },
});

// 5. JSON body: any Content-Type, at most 64 KB, malformed JSON is 400 INVALID_JSON; empty is `{}`.
const parseBody = (): Middleware => ({
  before: (request) => {
    const { event, context } = request;
    const raw = event.body ?? '';
    const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
    if (text.trim() === '') {
      context.app.body = {};
      return;
    }
    try {
      context.app.body = JSON.parse(text);
    } catch {
      throw invalidJson();
    }
  },
});

/** Retries within 24 hours with the same Idempotency-Key get the first answer (issue: idempotent booking). */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** How long a claim holds its key when the runtime does not say how long the function may run. */
const DEFAULT_HOLD_MS = 30_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Deeper than this, a fingerprinted value is refused (the fields a schema reads are flat). */
const MAX_FINGERPRINT_DEPTH = 16;

/** JSON with sorted keys, so the same body in another key order or spacing is the same request. */
function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_FINGERPRINT_DEPTH) throw invalidField('body', 'nested too deeply');
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a request: its validated body restricted to the fields the schema reads, so an
 * ignored extra field (however deep) neither costs work nor changes the request's identity.
 */
function fingerprint(schema: z.ZodType | undefined, body: unknown): string {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const read =
    shape && body !== null && typeof body === 'object'
      ? Object.fromEntries(Object.keys(shape).map((k) => [k, (body as Record<string, unknown>)[k]]))
      : body;
  return sha256Hex(canonical(read ?? {}));
}

// 7. Idempotency claim, after validation: a valid request with a key either claims it, or gets the
// recorded answer, or is refused (same key, other body; or the first request still running).
const claimIdempotency = (bodySchema: z.ZodType | undefined): Middleware => ({
  before: async (request) => {
    const { event, context } = request;
    const key = header(event, 'idempotency-key');
    if (key === undefined || context.app.debug || !context.app.entity) return;
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw invalidField(
        'Idempotency-Key',
        'must be 1 to 128 letters, digits, dots, colons, dashes or underscores',
      );
    }
    const claim = await idempotencyRepository().claim(context.app.entity.entityId, {
      route: event.routeKey,
      key,
      // Over the validated body (the fields the schema reads), never the raw tree: bounded work.
      fingerprint: fingerprint(bodySchema, context.app.input?.body),
      nowMs: Date.now(),
      holdMs: context.getRemainingTimeInMillis?.() ?? DEFAULT_HOLD_MS,
      keepSeconds: IDEMPOTENCY_TTL_SECONDS,
    });
    if (claim.kind === 'mismatch') {
      throw conflict('Idempotency-Key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (claim.kind === 'in_progress') {
      throw conflict(
        'a request with this Idempotency-Key is in progress, retry later',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    if (claim.kind === 'replay') context.app.replay = claim.answer;
    else context.app.idempotency = claim.mark;
  },
});

// 8. Idempotency record: once the answer is built, keep it for replays; a server failure releases the key.
const recordIdempotency = (): Middleware => {
  const record = async (request: { context: AppContext; response: Result | null | undefined }) => {
    const { app } = request.context;
    const response = request.response;
    if (!app.idempotency || !app.entity || !response) return;
    const repo = idempotencyRepository();
    const mark = app.idempotency;
    try {
      if ((response.statusCode ?? 500) >= 500) await repo.release(app.entity.entityId, mark);
      else {
        await repo.complete(app.entity.entityId, mark, {
          statusCode: response.statusCode ?? 200,
          headers: { 'content-type': String(response.headers?.['content-type'] ?? 'application/json') },
          body: response.body ?? '',
        });
      }
    } catch (error) {
      logger.error('idempotency record failed', { request_id: app.requestId, error: error as Error });
    }
  };
  return { after: record, onError: record };
};

/** Schemas of a route's path parameters, query parameters and JSON body. */
export interface Schemas<P, Q, B> {
  path?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
}

// 6. zod validation of path, query and body, mapped to the API's codes (shared/http/validation.ts).
const validate = <P, Q, B>(schemas: Schemas<P, Q, B>): Middleware => ({
  before: (request) => {
    const { event, context } = request;
    const parse = (where: 'path' | 'query' | 'body', schema: z.ZodType | undefined, value: unknown) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (!result.success) throw zodToAppError(result.error, where);
      return result.data;
    };
    context.app.input = {
      path: parse('path', schemas.path, event.pathParameters ?? {}),
      query: parse('query', schemas.query, event.queryStringParameters ?? {}),
      body: parse('body', schemas.body, context.app.body ?? {}),
    };
  },
});

/** What a handler receives: validated input and the entity its token identifies. */
export interface RouteInput<P, Q, B> {
  path: P;
  query: Q;
  body: B;
  entity: EntityContext;
  /** v1 debug mode: the handler answers from the fictitious data set and stores nothing. */
  debug: boolean;
  requestId: string;
  headers: (name: string) => string | undefined;
  /** The Idempotency-Key this request holds, for the booking to commit its record with it. */
  idempotency?: IdempotencyMark | undefined;
}

interface HandlerOptions<P, Q, B> extends Schemas<P, Q, B> {
  api: Api;
  /** 'token' (default): the API's token is required; 'none': public (GET /api/, /api/health). */
  auth?: 'token' | 'none';
  /** v1 routes that answer debug mode from the fictitious data set. */
  debugMode?: boolean;
  /** Routes that read the raw JSON body (POST/PUT). */
  hasBody?: boolean;
  /** Routes that honour the Idempotency-Key header (bookings). */
  idempotent?: boolean;
}

/**
 * Builds a Lambda handler from a route's schemas and its domain function, wrapped in the shared stack.
 * The domain function returns a Reply (data and envelope facts); it never builds status codes or headers.
 */
export function buildHandler<P = undefined, Q = undefined, B = undefined>(
  profile: ApiProfile,
  options: HandlerOptions<P, Q, B>,
  run: (input: RouteInput<P, Q, B>) => Promise<Reply>,
) {
  if (options.api !== profile.api)
    throw new Error(`a ${options.api} route built with the ${profile.api} stack`);
  const middlewares: Middleware[] = [observe()];
  if (options.idempotent) middlewares.push(recordIdempotency());
  middlewares.push(answer(profile));
  if (options.api === 'v1') middlewares.push(negotiate());
  if ((options.auth ?? 'token') === 'token')
    middlewares.push(authenticate(options.api, options.debugMode ?? false));
  if (options.hasBody) middlewares.push(parseBody());
  middlewares.push(validate(options));
  if (options.idempotent) middlewares.push(claimIdempotency(options.body));

  const core = middy<Event, Result, Error, AppContext>()
    .use(middlewares)
    .handler(async (event, context) => {
      const { app } = context;
      // A replayed answer is set by the answer step; the domain function does not run again.
      if (app.replay) return {} as Result;
      const input = app.input ?? { path: undefined, query: undefined, body: undefined };
      const reply = await run({
        path: input.path as P,
        query: input.query as Q,
        body: input.body as B,
        entity: app.entity as EntityContext,
        debug: app.debug,
        requestId: app.requestId,
        headers: (name) => header(event, name),
        idempotency: app.idempotency,
      });
      return reply as unknown as Result;
    });
  // Each invocation gets its own scope, so store time is measured per request (Server-Timing).
  const handler = (event: Event, context: Context): Promise<Result> =>
    runInScope(() => core(event, context as AppContext));
  // The route's schemas stay reachable for the OpenAPI document (shared/openapi.ts).
  return Object.assign(handler, {
    schemas: { path: options.path, query: options.query, body: options.body },
  });
}
