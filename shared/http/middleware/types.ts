import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { IdempotencyMark, StoredAnswer } from '../../domain/access/idempotency';
import type { PolicyState } from '../../domain/access/limits';
import type { EntityContext } from '../../domain/entity';
import type { AppError } from '../../domain/errors';
import type { Format } from '../negotiation';
import type { Reply } from '../reply';
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
 * How one API answers: its envelope on success and on error. Each API's entry module (v1.ts, v2.ts)
 * passes its own, so a v2 function's bundle carries no XML or CSV serializer.
 */
export interface ApiProfile {
  api: Api;
  success(reply: Reply, frame: AnswerFrame): Result;
  error(error: AppError, frame: AnswerFrame): Result;
}

/** What the stack learns about a request as it goes, kept on the Lambda context. */
export interface RequestState {
  requestId: string;
  startedAt: number;
  format: Format;
  debug: boolean;
  entity?: EntityContext;
  body?: unknown;
  input?: { path: unknown; query: unknown; body: unknown };
  /** The Idempotency-Key this request holds: the booking commits its record, the answer is kept under it. */
  idempotency?: IdempotencyMark;
  /** The recorded answer of an earlier request with the same Idempotency-Key and body. */
  replay?: StoredAnswer;
  /** The limits that counted this request, as the RateLimit headers show them. */
  rateLimit?: PolicyState[];
}

export type AppContext = Context & { app: RequestState };
export type AppRequest = Request<Event, Result, Error, AppContext>;
export type Middleware = MiddlewareObj<Event, Result, Error, AppContext>;
