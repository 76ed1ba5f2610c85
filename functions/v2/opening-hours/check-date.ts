import { date, params } from '../../../shared/http/fields';
import { reply } from '../../../shared/http/reply';
import { defineV2Handler, openingHoursService } from '../../../shared/wiring';

/** GET /api/v2/opening-hours/check-date?date= — open or not, and the holiday that closes it. */
export const handler = defineV2Handler(
  { api: 'v2', query: params({ date: date() }) },
  async ({ entity, query }) => {
    const { day: _day, ...status } = await openingHoursService().dayStatus(entity, query.date);
    return reply(status, { message: status.is_open ? 'the day is open' : 'the day is closed' });
  },
);
