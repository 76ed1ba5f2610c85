import { v2FeedStatus } from '../../../shared/features/mail/http/feed-present';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedService, defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/calendar-feed — whether a feed address exists and since when (never the address). */
export const handler = defineV2Handler({}, async ({ entity }) => {
  const status = await calendarFeedService().status(entity.entityId);
  return reply(v2FeedStatus(status), {
    message: status.exists ? 'a calendar feed address exists' : 'no calendar feed address',
  });
});
