import { v2CheckDate } from '../../../shared/features/schedule/http/present';
import { date, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, openingHoursService } from '../../../shared/wiring';

/** GET /api/v2/opening-hours/check-date?date= — open or not, and the holiday that closes it. */
export const handler = defineV2Handler(
  { publishable: true, query: params({ date: date() }) },
  async ({ entity, query }) => {
    const { day: _day, ...rest } = await openingHoursService().dayStatus(entity, query.date);
    const status = v2CheckDate(rest);
    return reply(status, { message: status.is_open ? 'the day is open' : 'the day is closed' });
  },
);
