import { publicBaseUrl } from '../../../shared/config';
import { body } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/calendar-feed — a new secret address of the staff calendar feed (docs/NOTIFICATIONS.md);
 * the previous one stops answering at once. Secret tokens only: no publishable key. The address starts
 * with the stage's public base URL, never with what the request says its host is.
 */
export const handler = defineV2Handler({ hasBody: true, body: body({}) }, async ({ entity }) => {
  const token = await calendarFeedService().issue(entity.entityId);
  return reply({ url: `${publicBaseUrl()}/feeds/${token}.ics` }, { message: 'calendar feed address' });
});
