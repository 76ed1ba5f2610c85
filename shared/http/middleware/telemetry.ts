import { AppError } from '../../core/errors';
import { beginInvocation, endInvocation, type Invocation } from '../../telemetry/invocation';
import type { AppRequest, Middleware } from './types';

const INVOCATION = Symbol('telemetry');
type Measured = AppRequest & { [INVOCATION]?: Invocation };

/**
 * Metrics and traces of a request (shared/telemetry): opens the invocation with the route key as API
 * Gateway names it (`POST /api/v2/appointments`, `$default`), and on the final answer records its status
 * class and latency, annotates the trace with the status and error code, and flushes the invocation's one
 * EMF line (with what the services counted meanwhile). Use it right after requestContext.
 *
 * Request state (`context.app`): reads `requestId` (set by requestContext); writes nothing.
 *
 * @example
 * // context.app.requestId = 'req-1', event.routeKey = 'GET /api/v2/slots'
 * //   -> an EMF line with the route's latency and `2xx` count, the trace annotated `status: 200`
 */
export const telemetry = (): Middleware => {
  const telemetryBefore = (request: Measured): void => {
    const { event, context } = request;
    request[INVOCATION] = beginInvocation(
      event.routeKey ?? '$default',
      context.functionName,
      context.app.requestId,
    );
  };
  const telemetryAfter = (request: Measured): void => {
    const invocation = request[INVOCATION];
    if (!invocation) return;
    delete request[INVOCATION];
    const status = request.response?.statusCode ?? 500;
    const error = request.error;
    endInvocation(invocation, {
      status,
      code: error instanceof AppError ? error.code : error ? 'INTERNAL_ERROR' : 'ok',
      ...(status >= 500 && error ? { error } : {}),
    });
  };
  return { before: telemetryBefore, after: telemetryAfter, onError: telemetryAfter };
};
