import { randomUUID } from 'node:crypto';
import { logger as sharedLogger } from '../../logger';
import { requestHeaders } from '../request-headers';
import { currentScope } from '../scope';
import type { AppRequest, Middleware } from './types';

/** Where the one log line of a request goes (the shared Powertools logger by default). */
export interface RequestLog {
  info(message: string, fields: Record<string, unknown>): void;
}

export interface RequestContextOptions {
  logger?: RequestLog;
}

const defaults: Required<RequestContextOptions> = { logger: sharedLogger };

/**
 * Opens the request's state (its id and start time) and, success or failure, stamps the answer with
 * X-Request-Id and Server-Timing (store time from the request scope) and writes one structured log line.
 * Use it first, so that it sees the final answer.
 *
 * Request state (`context.app`): before, writes a fresh state `{ requestId, startedAt, format: 'json',
 * debug: false }` (the id is API Gateway's request id); after and on error, reads `requestId`,
 * `startedAt` and `entity` for the headers and the log line.
 *
 * @example
 * // before: event.requestContext.requestId = 'req-1'
 * //   -> context.app = { requestId: 'req-1', startedAt: 1234.5, format: 'json', debug: false }
 * // after:  response.headers gains 'x-request-id': 'req-1', 'server-timing': 'store;dur=3.1, total;dur=12.3'
 */
export const requestContext = (opts: RequestContextOptions = {}): Middleware => {
  const options = { ...defaults, ...opts };

  const requestContextBefore = (request: AppRequest): void => {
    // API Gateway always sends an object. Anything else (a null from a console or a test) is read as an
    // empty request, so that it is answered in the envelope like any other, never by a crash in onError.
    if (typeof request.event !== 'object' || request.event === null)
      request.event = {} as AppRequest['event'];
    const { event, context } = request;
    context.app = {
      requestId: event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID(),
      startedAt: performance.now(),
      format: 'json',
      debug: false,
    };
  };

  const requestContextAfter = (request: AppRequest): void => {
    const { app } = request.context;
    const totalMs = performance.now() - app.startedAt;
    const storeMs = currentScope()?.storeMs ?? 0;
    const response = request.response;
    if (response) {
      response.headers = { ...response.headers, ...requestHeaders(app.requestId, app.startedAt) };
    }
    options.logger.info('request', {
      request_id: app.requestId,
      route: request.event.routeKey,
      method: request.event.requestContext?.http?.method,
      path: request.event.rawPath,
      status: response?.statusCode,
      duration_ms: Math.round(totalMs * 10) / 10,
      store_ms: Math.round(storeMs * 10) / 10,
      entity: app.entity?.entityId,
    });
  };

  return {
    state: { reads: [], writes: ['requestId', 'startedAt', 'format', 'debug'] },
    before: requestContextBefore,
    after: requestContextAfter,
    onError: requestContextAfter,
  };
};
