import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { consoleScript } from '../../shared/features/pages/http/embed-file';
import { withRequestHeaders } from '../../shared/http/request-headers';

/**
 * GET /console.js — the owner's console's script, built from web/console by `npm start`, the tests and the
 * stack's bundling. Only the console's page (same origin) loads it.
 */
export const handler = withRequestHeaders(async (): Promise<APIGatewayProxyStructuredResultV2> => {
  const script = consoleScript();
  if (script === null)
    return { statusCode: 404, headers: { 'content-type': 'text/plain' }, body: 'console.js is not built\n' };
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    },
    body: script,
  };
});
