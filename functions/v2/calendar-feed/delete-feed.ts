import { body, id, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedAddresses, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/calendar-feed/delete — ends the feed address, the business's or with `calendar_id` that
 * staff member's (404 at once); with none, nothing to end.
 */
const Body = body({ calendar_id: optional(id()) });
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const ended = await calendarFeedAddresses().end(entity.entityId, body.calendar_id);
  return reply([], { message: ended ? 'calendar feed address ended' : 'no calendar feed address to end' });
});
