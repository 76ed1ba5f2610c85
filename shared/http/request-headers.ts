import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Unavailable } from '../core/errors';
import { appErrorOf } from './middleware/envelope';
import { currentScope, runInScope } from './scope';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | undefined>;

/** X-Request-Id and Server-Timing (store time of the request's scope, total since `startedAt`). */
export const requestHeaders = (requestId: string, startedAt: number): Record<string, string> => {
  const totalMs = performance.now() - startedAt;
  const storeMs = currentScope()?.storeMs ?? 0;
  return {
    'x-request-id': requestId,
    'server-timing': `store;dur=${storeMs.toFixed(1)}, total;dur=${totalMs.toFixed(1)}`,
  };
};

/**
 * A route outside the middy stack (the staff feed, the pages, the preflight): its answers carry X-Request-Id
 * and Server-Timing as every other answer does (docs/CONTRACT.md#requests), and a failure is answered as the
 * stack answers it (a store fault 503 with Retry-After, anything else 500 naming the request id, both logged),
 * in plain text: these routes are outside both APIs' envelopes.
 */
export const withRequestHeaders =
  (handler: Handler) =>
  (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const startedAt = performance.now();
    const requestId = event?.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID();
    return runInScope(async () => {
      const answer = await handler(event, context).then(
        (given) => given ?? { statusCode: 200 },
        (error: unknown) => failure(appErrorOf(error, requestId)),
      );
      return { ...answer, headers: { ...answer.headers, ...requestHeaders(requestId, startedAt) } };
    });
  };

const failure = (error: Error & { status: number }): APIGatewayProxyStructuredResultV2 => ({
  statusCode: error.status,
  headers: {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...(error instanceof Unavailable ? { 'retry-after': String(error.retryAfter) } : {}),
  },
  body: `${error.message}\n`,
});
