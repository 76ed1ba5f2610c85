import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AppError } from '../../core/errors';
import type {
  Admission,
  EntityContext,
  IdempotencyMark,
  PolicyState,
  StaffIdentity,
  StoredAnswer,
  Visitor,
} from '../../features/access';
import type { EarlyReads } from '../../features/booking';
import type { Format } from '../../shapes/negotiation';
import type { Reply } from '../../shapes/reply';
import type { Api } from '../stack-deps';

export type Event = APIGatewayProxyEventV2;
export type Result = APIGatewayProxyStructuredResultV2;

/** The facts of an answer that come from the request, not from the handler. */
export interface AnswerFrame {
  format: Format;
  timezone: string;
  debug?: Record<string, unknown> | undefined;
}

/**
 * How one API answers: its envelope on success and on error. Each API's profile (v1/profile.ts,
 * v2/profile.ts) passes its own, so a v2 function's bundle carries no XML or CSV serializer.
 */
export interface ApiProfile {
  api: Api;
  success(reply: Reply, frame: AnswerFrame): Result;
  error(error: AppError, frame: AnswerFrame): Result;
}

/**
 * What the stack learns about a request as it goes, kept on the Lambda context (`context.app`). Each field
 * has one writer; the middlewares that read a field in their `before` declare it (`StateUse`), and the
 * stack refuses to build a handler whose order would have one read a field before its writer ran.
 */
export interface RequestState {
  /** Written by requestContext (first). */
  requestId: string;
  startedAt: number;
  /** Written by requestContext (json), then formatNegotiation (v1). */
  format: Format;
  /** Written by requestContext (false), then tokenCheck (v1 debug mode). */
  debug: boolean;
  /**
   * Written by originCheck: the request came through the edge (the stage's origin secret set and carried),
   * so CloudFront's `CloudFront-Viewer-Address` names the visitor.
   */
  edge?: boolean;
  /** Written by tokenCheck: the entity the token or publishable key acts for (by sessionCheck for a session). */
  entity?: EntityContext;
  /**
   * Written by sessionCheck for a staff member's session: who, their role and calendars (a `staff` member's
   * routes keep to `calendarIds`), and the session's cookie token (sign-out ends it).
   */
  staff?: StaffIdentity;
  session?: { token: string };
  /**
   * Written by tokenCheck on a route with a prefetch (HandlerOptions.prefetch): what it started for the
   * entity this token named before, when the token names that entity again.
   */
  prefetched?: EarlyReads;
  /** Written by tokenCheck for a publishable key's request: the key and the caller's address. */
  visitor?: Visitor;
  /** Written by jsonBody: the parsed JSON body (`{}` when empty). */
  body?: unknown;
  /** Written by validation: the path, query and body as the route's schemas read them. */
  input?: { path: unknown; query: unknown; body: unknown };
  /** Written by idempotencyClaim: the Idempotency-Key this request holds (the booking commits its record). */
  idempotency?: IdempotencyMark;
  /** Written by idempotencyClaim: the recorded answer of an earlier request with the same key and body. */
  replay?: StoredAnswer;
  /**
   * Written by rateLimit: the limits that counted this request, as the RateLimit headers show them (still
   * to come when the counts are read while the request runs: a key's request with several limits).
   */
  rateLimit?: PolicyState[] | Promise<PolicyState[]>;
  /**
   * Written by rateLimit for a read (GET): its count, still under way while the read runs beside it; the
   * answer waits for it, and becomes the 429 when it refused.
   */
  admission?: Promise<Admission>;
}

/** The fields of the request state a middleware's `before` reads and writes (see RequestState). */
export interface StateUse {
  reads: readonly (keyof RequestState)[];
  writes: readonly (keyof RequestState)[];
}

export type AppContext = Context & { app: RequestState };
export type AppRequest = Request<Event, Result, Error, AppContext>;
/** A middleware of the stack; `state` says what its `before` reads and writes on the request state. */
export type Middleware = MiddlewareObj<Event, Result, Error, AppContext> & { state?: StateUse };

/**
 * Throws when a middleware's `before` would read a field of the request state that no middleware before it
 * writes (middy runs the `before`s in the order given). Called when a handler is built, never per request.
 */
export function checkStateOrder(middlewares: readonly Middleware[]): void {
  const written = new Set<keyof RequestState>();
  for (const middleware of middlewares) {
    for (const field of middleware.state?.reads ?? []) {
      if (!written.has(field)) {
        throw new Error(`a middleware reads request state "${field}" before any middleware writes it`);
      }
    }
    for (const field of middleware.state?.writes ?? []) written.add(field);
  }
}
