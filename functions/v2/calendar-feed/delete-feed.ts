import { body } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/calendar-feed/delete — ends the feed address (404 at once); with none, nothing to end. */
export const handler = defineV2Handler({ hasBody: true, body: body({}) }, async ({ entity }) => {
  const ended = await calendarFeedService().end(entity.entityId);
  return reply([], { message: ended ? 'calendar feed address ended' : 'no calendar feed address to end' });
});
