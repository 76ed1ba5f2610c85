import { DEFAULT_TIMEZONE } from '../../core/defaults';
import { AppError, busy, internalError, stalled, Unavailable } from '../../core/errors';
import { storeFaultOf } from '../../db/faults';
import { logger as sharedLogger } from '../../logger';
import type { Reply } from '../../shapes/reply';
import { withSourceStack } from '../../telemetry/source-stack';
import { currentScope } from '../scope';
import type { AnswerFrame, ApiProfile, AppRequest, Middleware, RequestState } from './types';

/** Time zone of answers given before the entity is known (unknown paths, bad tokens). */

/** Where an error nobody expected is logged, with its stack (never in the answer). */
export interface ErrorLog {
  error(message: string, fields: Record<string, unknown>): void;
}

export interface EnvelopeOptions {
  profile: ApiProfile;
  logger?: ErrorLog;
}

const defaults = { logger: sharedLogger as ErrorLog };

/**
 * Turns the handler's Reply into the API's envelope, or a replayed answer into itself; and is the one
 * place an error becomes an answer: an AppError in the API's vocabulary, anything else a 500 that names
 * the request id.
 *
 * Request state (`context.app`): reads `replay` (idempotencyClaim), `format` (formatNegotiation),
 * `entity` (tokenCheck; its time zone), `debug` and `startedAt` (the v1 `debug` object), `requestId` (the
 * 500's message); writes nothing: it writes `request.response`.
 *
 * @example
 * // app = { format: 'xml', debug: false, entity: { settings: { timezone: 'Europe/Berlin' } } }
 * // handler Reply { data: [...], message: 'slots' } -> v1: status 200, an XML envelope of the data
 */
export const envelope = (opts: EnvelopeOptions): Middleware => {
  const options = { ...defaults, ...opts };
  const { profile } = options;

  const envelopeAfter = (request: AppRequest): void => {
    const { app } = request.context;
    if (app.replay) {
      request.response = {
        ...app.replay,
        headers: { ...app.replay.headers, 'idempotent-replayed': 'true' },
      };
      return;
    }
    const reply = request.response as unknown as Reply;
    request.response = profile.success(reply, frameOf(request));
  };

  const envelopeOnError = (request: AppRequest): void => {
    const { app } = request.context;
    const error = appErrorOf(request.error, app.requestId, options.logger);
    const response = profile.error(error, frameOf(request));
    // A 503 says when to try again, as a 429 does (middleware/rate-limit.ts).
    if (error instanceof Unavailable)
      response.headers = { ...response.headers, 'retry-after': String(error.retryAfter) };
    request.response = response;
  };

  return { after: envelopeAfter, onError: envelopeOnError };
};

/**
 * The error as the API answers it: an AppError as it is; a store that was busy, slow or unreachable past
 * the SDK's retries and the request's deadline, a 503 with Retry-After (shared/db/faults.ts); anything
 * else a 500 naming the request id. Both are logged with their detail.
 */
export function appErrorOf(error: unknown, requestId: string, logger: ErrorLog = sharedLogger): AppError {
  if (error instanceof AppError) return error;
  const fault = storeFaultOf(error);
  logger.error(fault ? 'store unavailable' : 'unhandled error', {
    request_id: requestId,
    ...(fault ? { fault } : {}),
    error: withSourceStack(error),
  });
  if (fault === undefined) return internalError(requestId);
  return fault === 'throttled' ? busy() : stalled();
}

const frameOf = (request: AppRequest): AnswerFrame => {
  const { app } = request.context;
  return {
    format: app.format,
    timezone: app.entity?.settings.timezone ?? DEFAULT_TIMEZONE,
    debug: app.debug ? debugObject(request, app) : undefined,
  };
};

/** The v1 envelope's `debug` object (docs/CONTRACT.md#v1-in-short): performance figures of this request. */
const debugObject = ({ event }: AppRequest, app: RequestState) => ({
  memory_usage: process.memoryUsage().heapUsed,
  execution_time: Math.round(performance.now() - app.startedAt) / 1000,
  query_count: currentScope()?.storeCalls ?? 0,
  request_method: event.requestContext?.http?.method ?? '',
  endpoint: event.rawPath ?? '',
  debug_mode: true,
});
