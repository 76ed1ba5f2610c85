import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { rateLimitHeaders, requestVisitor, VIEWER_ADDRESS_HEADER } from '../../shared/features/access';
import { bookPage, notFoundPage, tooManyPage } from '../../shared/features/pages/http/page';
import { v2Business } from '../../shared/features/pages/http/present';
import { cameThroughEdge } from '../../shared/http/middleware/origin-check';
import { originSecrets } from '../../shared/http/origin-secrets';
import { withRequestHeaders } from '../../shared/http/request-headers';
import { authService, limitService } from '../../shared/wiring';

/**
 * GET /book/{key} — the hosted booking page of a publishable key made with `hosted_page: true`: the
 * business's name and the widget, on the API's own origin. Any other key, or none, is the 404 page. A
 * hosted key's page counts against its key's limits as any of its requests (`public`, `visitor`: the
 * visitor is the viewer behind the edge, docs/CONTRACT.md#limits); over one it is the 429 page.
 */
export const handler = withRequestHeaders(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const key = event.pathParameters?.key ?? '';
    if (!key.startsWith('pk_')) return notFoundPage();
    const entity = await authService()
      .authenticate(key, 'v2')
      .catch(() => null);
    if (!entity?.credential?.hostedPage) return notFoundPage();
    const ip = requestVisitor({
      sourceIp: event.requestContext?.http?.sourceIp,
      viewerHeader: event.headers?.[VIEWER_ADDRESS_HEADER],
      throughEdge: cameThroughEdge(event.headers, await originSecrets()),
    });
    const admission = await limitService().admit(entity, {
      booking: false,
      visitor: { keyId: entity.credential.keyId, ip },
    });
    const business = v2Business(entity.settings);
    if (!admission.ok) {
      return tooManyPage(admission.retryAfter, rateLimitHeaders(admission.states), business.language);
    }
    const page = bookPage(key, business);
    const states = 'later' in admission ? await admission.later : admission.states;
    return { ...page, headers: { ...page.headers, ...rateLimitHeaders(states) } };
  },
);
