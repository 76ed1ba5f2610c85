import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import { config } from '../config';
import { tokenInvalid } from '../core/errors';
import { answerReserveMs } from '../db/deadline';
import type { EntityContext, IdempotencyMark, StaffIdentity } from '../features/access';
import { requestVisitor, VIEWER_ADDRESS_HEADER } from '../features/access';
import type { EarlyReads } from '../features/booking';
import type { Reply } from '../shapes/reply';
import { runInvocation } from '../telemetry/invocation';
import { cors } from './middleware/cors';
import { envelope } from './middleware/envelope';
import { formatNegotiation } from './middleware/format-negotiation';
import { idempotencyClaim, idempotencyRecord } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { originCheck } from './middleware/origin-check';
import { rateLimit, rateLimitAnswerHeaders } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { SECURITY_HEADERS, securityHeaders } from './middleware/security-headers';
import { sessionCheck } from './middleware/session-check';
import { telemetry } from './middleware/telemetry';
import { type Prefetch, publicDebug, tokenCheck } from './middleware/token-check';
import {
  type ApiProfile,
  type AppContext,
  checkStateOrder,
  type Event,
  type Middleware,
  type Result,
} from './middleware/types';
import { type Schemas, validation } from './middleware/validation';
import { runInScope } from './scope';
import type { Api, StackDeps } from './stack-deps';

export { MAX_BODY_BYTES } from '../shapes/json-body';
export type { AnswerFrame, ApiProfile } from './middleware/types';
export type { Schemas } from './middleware/validation';
export type { Api, StackDeps } from './stack-deps';

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
  /** What the route's prefetch started for this entity beside the token's read (HandlerOptions.prefetch). */
  prefetched?: EarlyReads;
  /** A staff member's session made the request (v2): who, their role and calendars (also `entity.staff`). */
  staff?: StaffIdentity | undefined;
  /** The session's cookie token, for the route that ends it. */
  session?: { token: string } | undefined;
  /**
   * The caller as the limits count it (docs/CONTRACT.md): one per IPv4 address or IPv6 /64, the viewer
   * CloudFront names behind the edge, else the network address API Gateway saw.
   */
  visitor: string;
}

export interface HandlerOptions<P, Q, B> extends Schemas<P, Q, B> {
  /** The API is the define function's (defineV1Handler, defineV2Handler): handlers leave it out; given, it must match. */
  api?: Api;
  /** 'token' (default): the API's token is required; 'none': public (GET /api/, /api/health). */
  auth?: 'token' | 'none';
  /** v1 routes that answer debug mode from the fictitious data set. */
  debugMode?: boolean;
  /** Routes that read the raw JSON body (POST/PUT). */
  hasBody?: boolean;
  /** Routes that honour the Idempotency-Key header (bookings). */
  idempotent?: boolean;
  /** v2 routes a publishable key may call (docs/CONTRACT.md#publishable-keys). */
  publishable?: boolean;
  /**
   * Routes the manage page calls with a cancel token as its credential: `'appointment'` for the appointment's
   * own (lookup, cancel, reschedule: they answer 409 for one no longer manageable), true for the reads (slots,
   * availability, business: a cancel token whose appointment is no longer manageable opens none, 401).
   */
  manage?: boolean | 'appointment';
  /**
   * With `manage: true`: whether a cancel token's appointment is still manageable (the booking feature's
   * client link, given by the handler: only the routes that take a cancel token carry its code).
   */
  opens?: (entity: EntityContext, cancelToken: string) => Promise<boolean>;
  /** Requests the booking limits count: every one (bookings), or those that move (`slot_id` sent). */
  bookingLimit?: 'always' | 'when-moving';
  /**
   * The route's first reads, started beside the token's read for the entity the token named last time in
   * this process (middleware/token-check.ts); the route gets them as `prefetched` only when the token names
   * that entity again, and must still check they were read for its own input. A throw is no prefetch.
   */
  prefetch?: Prefetch;
  /**
   * v2 routes a `staff` member's session may call (docs/CONTRACT.md#staff-and-sessions): the handler keeps
   * to `staff.calendarIds`. An owner's session may call every route the v2 token may; a staff member's
   * only these (403 elsewhere).
   */
  staffSession?: boolean;
}

/**
 * Builds a Lambda handler from a route's schemas and its domain function, wrapped in the shared stack.
 * The domain function returns a Reply (data and envelope facts); it never builds status codes or headers.
 * `deps` is called on a request's first need of it, never when the handler module loads.
 */
export function buildHandler<P = undefined, Q = undefined, B = undefined>(
  profile: ApiProfile,
  deps: () => StackDeps,
  options: HandlerOptions<P, Q, B>,
  run: (input: RouteInput<P, Q, B>) => Promise<Reply>,
) {
  if (options.api !== undefined && options.api !== profile.api)
    throw new Error(`a ${options.api} route built with the ${profile.api} stack`);
  // A read the manage page makes with a cancel token must know when that token is used up.
  if (options.manage === true && options.opens === undefined)
    throw new Error('a route read with a cancel token (manage: true) needs opens');
  const { api } = profile;
  const store = () => deps().idempotency;
  // `after` and `onError` run in reverse order: the envelope is built before the record, the
  // security and CORS headers and the request's own headers and log line are added to it; the metrics and
  // traces see the final status just before the log line.
  const middlewares: Middleware[] = [
    requestContext(),
    telemetry(),
    httpHeaderNormalizer() as Middleware,
    cors({ origins: config.corsAllowedOrigins }),
    // Every answer to a token may carry a tenant's or a client's data: no cache may keep it.
    securityHeaders(
      (options.auth ?? 'token') === 'token'
        ? { headers: { ...SECURITY_HEADERS, 'cache-control': 'no-store' } }
        : {},
    ),
    rateLimitAnswerHeaders(),
    ...(options.idempotent ? [idempotencyRecord({ store })] : []),
    envelope({ profile }),
    ...(api === 'v1' ? [formatNegotiation()] : []),
    // GET /api/ and /api/health: the v1 debug flag adds the debug object (no token to spare them).
    ...(api === 'v1' && options.auth === 'none' ? [publicDebug(config.debugModeEnabled)] : []),
    // Behind CloudFront, nothing else runs for a request that did not come through it.
    originCheck({ secret: config.originSecret }),
    // A staff member's session (v2): the third credential, after which tokenCheck has nothing to do.
    ...((options.auth ?? 'token') === 'token' && api === 'v2'
      ? [
          sessionCheck({
            authenticate: (token) => {
              const session = deps().authenticateSession;
              return session ? session(token) : Promise.reject(tokenInvalid());
            },
            publicBase: () => deps().publicBase?.(),
            staffAllowed: options.staffSession ?? false,
            publicRead: options.publishable ?? false,
          }),
        ]
      : []),
    ...((options.auth ?? 'token') === 'token'
      ? [
          tokenCheck({
            api,
            authenticate: (token, api) => deps().authenticate(token, api),
            debugMode: (options.debugMode ?? false) && config.debugModeEnabled,
            publishable: options.publishable ?? false,
            manage: options.manage ?? false,
            opens: options.opens,
            prefetch: options.prefetch,
          }),
        ]
      : []),
    ...(options.hasBody ? [jsonBody()] : []),
    ...((options.auth ?? 'token') === 'token'
      ? [
          rateLimit({
            admit: (entity, request) => deps().admit(entity, request),
            booking: options.bookingLimit ?? 'never',
          }),
        ]
      : []),
    validation(options, api === 'v2'),
    ...(options.idempotent ? [idempotencyClaim({ store, bodySchema: options.body })] : []),
  ];

  checkStateOrder(middlewares);
  // Store work stops a reserve before the invocation's end (shared/db/deadline.ts); anything else still
  // running at half the reserve is ended by middy, and answers 503 all the same (middleware/envelope.ts).
  const reserveMs = answerReserveMs(config.functionTimeoutSeconds * 1000);
  const core = middy<Event, Result, Error, AppContext>({ timeoutEarlyInMillis: Math.floor(reserveMs / 2) })
    .use(middlewares)
    .handler(async (event, context) => {
      const { app } = context;
      // A replayed answer is set by the envelope; the domain function does not run again.
      if (app.replay) return {} as Result;
      const input = app.input ?? { path: undefined, query: undefined, body: undefined };
      const reply = await run({
        path: input.path as P,
        query: input.query as Q,
        body: input.body as B,
        entity: app.entity as EntityContext,
        debug: app.debug,
        requestId: app.requestId,
        headers: (name) => event.headers?.[name.toLowerCase()],
        idempotency: app.idempotency,
        prefetched: app.prefetched,
        staff: app.staff,
        session: app.session,
        visitor: requestVisitor({
          sourceIp: event.requestContext?.http?.sourceIp,
          viewerHeader: event.headers?.[VIEWER_ADDRESS_HEADER],
          throughEdge: app.edge === true,
        }),
      });
      return reply as unknown as Result;
    });
  // Each invocation gets its own scope, so store time is measured per request (Server-Timing), and its
  // own metrics, written as one EMF line at its end (shared/telemetry/invocation.ts).
  const handler = (event: Event, context: Context): Promise<Result> =>
    runInScope(
      () => runInvocation(() => core(event, context as AppContext)),
      context.getRemainingTimeInMillis
        ? { endsAt: Date.now() + context.getRemainingTimeInMillis(), reserveMs }
        : undefined,
    );
  // The route's schemas stay reachable for the OpenAPI document (shared/openapi/index.ts).
  return Object.assign(handler, {
    schemas: { path: options.path, query: options.query, body: options.body },
    publishable: options.publishable ?? false,
  });
}

/** An API's `defineHandler`: the shared stack with that API's profile and the dependencies given. */
export const bindStack =
  (profile: ApiProfile, deps: () => StackDeps) =>
  <P = undefined, Q = undefined, B = undefined>(
    options: HandlerOptions<P, Q, B>,
    run: (input: RouteInput<P, Q, B>) => Promise<Reply>,
  ) =>
    buildHandler<P, Q, B>(profile, deps, options, run);
