import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { rateLimitHeaders } from '../../shared/features/access';
import { originAllowed } from '../../shared/http/middleware/origin-check';
import { originSecrets } from '../../shared/http/origin-secrets';
import { withRequestHeaders } from '../../shared/http/request-headers';
import { calendarFeedService, limitService } from '../../shared/wiring';

const NOT_FOUND: APIGatewayProxyStructuredResultV2 = {
  statusCode: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'not found\n',
};

/** Over the feed's limit: 429 with Retry-After (a calendar app retries later). */
const tooMany = (retryAfter: number, headers: Record<string, string>): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 429,
  headers: { ...NOT_FOUND.headers, ...headers, 'retry-after': String(retryAfter) },
  body: `too many requests, retry in ${retryAfter} s\n`,
});

/**
 * GET /feeds/{file} — the staff calendar feed (docs/NOTIFICATIONS.md): `<token>.ics` answers the default
 * calendar as text/calendar, any other name 404. No header needed: the address is the secret, so this
 * function logs nothing of it (nor does the stage's access log, which records the route key only).
 */
export const handler = withRequestHeaders(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    // Behind CloudFront, only what came through it (shared/http/middleware/origin-check.ts).
    if (!originAllowed(event.headers, await originSecrets()))
      return { ...NOT_FOUND, statusCode: 403, body: 'forbidden\n' };
    const token = /^(.+)\.ics$/.exec(event.pathParameters?.file ?? '')?.[1];
    // 60 reads a minute of one feed address (docs/CONTRACT.md#limits), before anything is read for it.
    const admission = token ? await limitService().admitFeed(token) : undefined;
    if (admission && !admission.ok) return tooMany(admission.retryAfter, rateLimitHeaders(admission.states));
    const body = token ? await calendarFeedService().render(token) : null;
    if (body === null) return NOT_FOUND;
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="appointments.ics"',
        // Clients' names and phones: kept by no cache, as every answer with personal data (docs/CONTRACT.md#secrets).
        'cache-control': 'no-store',
      },
      body,
    };
  },
);
