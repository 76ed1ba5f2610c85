import * as z from 'zod/mini';
import { missingField } from '../../../shared/core/errors';
import { WEEKDAYS } from '../../../shared/features/schedule/domain/opening-hours';
import { v2OpeningHours } from '../../../shared/features/schedule/http/present';
import { body, described, id, int, oneOf, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { requiredWhen } from '../../../shared/shapes/rules';
import { catalogService, defineV2Handler, entityConfigService } from '../../../shared/wiring';

const time = () => z.nullish(z.string({ error: 'must be a time HH:MM:SS or null' }));
const Body = described(
  body({
    day_of_week: oneOf(WEEKDAYS),
    start_time1: time(),
    end_time1: time(),
    start_time2: time(),
    end_time2: time(),
    is_open: optional(int({ min: 0, max: 1 })),
    calendar_id: optional(id()),
  }),
  // An open day needs its first period (setDayHours: 'start_time1 is required when is_open is 1').
  requiredWhen('is_open', 1, ['start_time1']),
);

/**
 * POST /api/v2/opening-hours/update — sets one weekday's periods (is_open 0 closes it); the week after.
 * With calendar_id, that calendar's own hours (its first change starts from the entity's week).
 */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const period = (start?: string | null, end?: string | null): Array<[string, string]> =>
    start || end ? [[start ?? '', end ?? '']] : [];
  const [first, second] = [
    period(body.start_time1, body.end_time1),
    period(body.start_time2, body.end_time2),
  ];
  if (first.length === 0 && second.length > 0) throw missingField('start_time1');
  const change = {
    day_of_week: body.day_of_week,
    is_open: body.is_open === undefined ? Boolean(body.start_time1) : body.is_open === 1,
    periods: [...first, ...second],
  };
  const week =
    body.calendar_id === undefined
      ? await entityConfigService().setDayHours(entity.entityId, change)
      : await catalogService().setCalendarDay(entity, body.calendar_id, change);
  return reply(week.map(v2OpeningHours), { message: `opening hours of ${body.day_of_week} updated` });
});
