import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { htmlPage } from '../../shared/features/pages/http/page';
import { withRequestHeaders } from '../../shared/http/request-headers';

/**
 * GET /console and GET /console/sign-in — the owner's console (README, "The owner's console"): one page,
 * its script (GET /console.js) a thin client of the v2 API with the session cookie. The sign-in link's
 * token stays in the fragment (`/console/sign-in#<token>`), which no request carries.
 */
export const handler = withRequestHeaders(
  async (): Promise<APIGatewayProxyStructuredResultV2> =>
    htmlPage(200, {
      lang: 'en',
      title: 'Console',
      script: '/console.js',
      body: '<div id="console" data-console-root>\n<p>Loading the console…</p>\n</div>',
    }),
);
