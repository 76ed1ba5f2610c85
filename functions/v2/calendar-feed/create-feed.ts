import { publicBaseUrl } from '../../../shared/config';
import { body, id, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedAddresses, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/calendar-feed — a new secret address of the staff calendar feed (docs/NOTIFICATIONS.md):
 * the business's, or with `calendar_id` one staff member's; the previous one stops answering at once.
 * Secret tokens only: no publishable key. The address starts with the stage's public base URL, never with
 * what the request says its host is.
 */
const Body = body({ calendar_id: optional(id()) });
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const token = await calendarFeedAddresses().issue(entity.entityId, body.calendar_id);
  return reply({ url: `${publicBaseUrl()}/feeds/${token}.ics` }, { message: 'calendar feed address' });
});
