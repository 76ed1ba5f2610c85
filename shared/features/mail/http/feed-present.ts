/** The staff calendar feed's v2 answers (docs/NOTIFICATIONS.md). */
import type { V2CalendarFeedStatus } from './feed-schemas';

/** Whether a feed address exists, and since when. */
export const v2FeedStatus = (s: { exists: boolean; createdAt: string | null }): V2CalendarFeedStatus => ({
  exists: s.exists,
  created_at: s.createdAt,
});
