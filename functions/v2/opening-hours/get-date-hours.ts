import { v2DateHours } from '../../../shared/features/schedule/http/present';
import { date, id, optional, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarDaysService, defineV2Handler } from '../../../shared/wiring';

/**
 * GET /api/v2/opening-hours/date?date=[&calendar_id=] — the periods of an open date (one calendar's, or
 * the business's with each calendar's); 404 `the day is closed` otherwise.
 */
export const handler = defineV2Handler(
  {
    publishable: true,
    query: params({ date: date({ missingIsInvalid: true }), calendar_id: optional(id()) }),
  },
  async ({ entity, query }) =>
    reply(v2DateHours(await calendarDaysService().hoursOn(entity, query.date, query.calendar_id)), {
      message: 'opening hours of the date',
    }),
);
