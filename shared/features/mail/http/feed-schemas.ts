/** The staff calendar feed (docs/NOTIFICATIONS.md). */
import * as z from 'zod';
import { named } from '../../../shapes/common';

export const V2CalendarFeed = named(
  z.strictObject({ url: z.url().regex(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/) }),
  'V2CalendarFeed',
  "The secret address of a staff calendar feed: anyone holding it reads the business's calendars (or, asked with calendar_id, that calendar's), so it is shown here only (the service keeps its SHA-256); asking again replaces it.",
);
export type V2CalendarFeed = z.infer<typeof V2CalendarFeed>;

export const V2CalendarFeedStatus = named(
  z.strictObject({ exists: z.boolean(), created_at: z.string().nullable() }),
  'V2CalendarFeedStatus',
  'Whether the entity has a staff calendar feed address, and since when (created_at, UTC ISO 8601; null when none). The address itself is never shown again.',
);
export type V2CalendarFeedStatus = z.infer<typeof V2CalendarFeedStatus>;
