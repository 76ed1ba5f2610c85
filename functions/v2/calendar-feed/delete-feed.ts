import { resourceNotFound } from '../../../shared/domain/errors';
import { body } from '../../../shared/http/input/fields';
import { reply } from '../../../shared/http/reply';
import { calendarFeedService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/calendar-feed/delete — ends the feed address (404 at once); none to end is 404. */
export const handler = defineV2Handler({ hasBody: true, body: body({}) }, async ({ entity }) => {
  if (!(await calendarFeedService().end(entity.entityId))) throw resourceNotFound('calendar feed');
  return reply([], { message: 'calendar feed address ended' });
});
