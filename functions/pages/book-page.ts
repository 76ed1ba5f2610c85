import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { bookPage, notFoundPage } from '../../shared/features/pages/http/page';
import { v2Business } from '../../shared/features/pages/http/present';
import { withRequestHeaders } from '../../shared/http/request-headers';
import { authService } from '../../shared/wiring';

/**
 * GET /book/{key} — the hosted booking page of a publishable key made with `hosted_page: true`: the
 * business's name and the widget, on the API's own origin. Any other key, or none, is the 404 page.
 */
export const handler = withRequestHeaders(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const key = event.pathParameters?.key ?? '';
    if (!key.startsWith('pk_')) return notFoundPage();
    const entity = await authService()
      .authenticate(key, 'v2')
      .catch(() => null);
    if (!entity?.credential?.hostedPage) return notFoundPage();
    return bookPage(key, v2Business(entity.settings));
  },
);
