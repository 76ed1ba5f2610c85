import { v2Periods } from '../../../shared/features/schedule/http/present';
import { date, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, openingHoursService } from '../../../shared/wiring';

/** GET /api/v2/opening-hours/date?date= — the periods of an open date; 404 `the day is closed` otherwise. */
export const handler = defineV2Handler(
  { publishable: true, query: params({ date: date() }) },
  async ({ entity, query }) =>
    reply(v2Periods(await openingHoursService().hoursOn(entity, query.date)), {
      message: 'opening hours of the date',
    }),
);
