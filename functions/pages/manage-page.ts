import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { managePage } from '../../shared/features/pages/http/page';
import { withRequestHeaders } from '../../shared/http/request-headers';

/**
 * GET /manage — the page a client manages a booking on: it reads the cancel token from the fragment
 * (`/manage#<cancel_token>`, which no request carries, so no log holds it) and calls the manage routes.
 */
export const handler = withRequestHeaders(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const lang = event.queryStringParameters?.lang;
    return managePage(lang === 'fr' || lang === 'en' ? lang : null);
  },
);
