import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { embedScript } from '../../shared/features/pages/http/embed-file';
import { withRequestHeaders } from '../../shared/http/request-headers';

/**
 * GET /embed.js — the booking widget's script (the custom elements <booking-widget> and <booking-manage>),
 * built from web/ by `npm start`, the tests and the stack's bundling. Any page may load it.
 */
export const handler = withRequestHeaders(async (): Promise<APIGatewayProxyStructuredResultV2> => {
  const script = embedScript();
  if (script === null)
    return { statusCode: 404, headers: { 'content-type': 'text/plain' }, body: 'embed.js is not built\n' };
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    },
    body: script,
  };
});
