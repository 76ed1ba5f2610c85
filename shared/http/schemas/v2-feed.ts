/** The staff calendar feed (docs/NOTIFICATIONS.md). */
import * as z from 'zod';
import { named } from './common';

export const V2CalendarFeed = named(
  z.strictObject({ url: z.url().regex(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/) }),
  'V2CalendarFeed',
  'The secret address of the staff calendar feed: anyone holding it reads the default calendar, so it is shown here only (the service keeps its SHA-256); asking again replaces it.',
);
