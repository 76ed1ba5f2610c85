import { v2CheckDate } from '../../../shared/features/schedule/http/present';
import { date, id, optional, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { calendarDaysService, defineV2Handler } from '../../../shared/wiring';

/**
 * GET /api/v2/opening-hours/check-date?date=[&calendar_id=] — open or not, and the holiday that closes it:
 * one calendar's day, or the business's (open when any active calendar is), with each calendar's hours.
 */
export const handler = defineV2Handler(
  {
    publishable: true,
    query: params({ date: date({ missingIsInvalid: true }), calendar_id: optional(id()) }),
  },
  async ({ entity, query }) => {
    const status = v2CheckDate(await calendarDaysService().dateStatus(entity, query.date, query.calendar_id));
    return reply(status, { message: status.is_open ? 'the day is open' : 'the day is closed' });
  },
);
