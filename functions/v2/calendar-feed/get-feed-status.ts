import { v2FeedStatus } from '../../../shared/features/mail/http/feed-present';
import { id, optional, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarFeedAddresses, defineV2Handler } from '../../../shared/wiring';

/**
 * GET /api/v2/calendar-feed[?calendar_id=] — whether a feed address exists (the business's, or that staff
 * member's) and since when (never the address).
 */
export const handler = defineV2Handler(
  { query: params({ calendar_id: optional(id()) }) },
  async ({ entity, query }) => {
    const status = await calendarFeedAddresses().status(entity.entityId, query.calendar_id);
    return reply(v2FeedStatus(status), {
      message: status.exists ? 'a calendar feed address exists' : 'no calendar feed address',
    });
  },
);
