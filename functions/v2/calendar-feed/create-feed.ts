import { body } from '../../../shared/http/input/fields';
import { reply } from '../../../shared/http/reply';
import { calendarFeedService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/calendar-feed — a new secret address of the staff calendar feed (docs/NOTIFICATIONS.md);
 * the previous one stops answering at once. Secret tokens only: no publishable key.
 */
export const handler = defineV2Handler({ hasBody: true, body: body({}) }, async ({ entity, headers }) => {
  const token = await calendarFeedService().issue(entity.entityId);
  const host = headers('host') ?? 'localhost';
  const scheme = headers('x-forwarded-proto') ?? (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return reply({ url: `${scheme}://${host}/feeds/${token}.ics` }, { message: 'calendar feed address' });
});
