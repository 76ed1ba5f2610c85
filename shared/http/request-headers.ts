import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
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
 * and Server-Timing as every other answer does (docs/CONTRACT.md#requests).
 */
export const withRequestHeaders =
  (handler: Handler) =>
  (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const startedAt = performance.now();
    const requestId = event?.requestContext?.requestId ?? context?.awsRequestId ?? randomUUID();
    return runInScope(async () => {
      const answer = (await handler(event, context)) ?? { statusCode: 200 };
      return { ...answer, headers: { ...answer.headers, ...requestHeaders(requestId, startedAt) } };
    });
  };
