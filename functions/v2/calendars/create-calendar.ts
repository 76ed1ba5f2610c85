import { CreateCalendarBody, v2Calendar } from '../../../shared/features/catalog/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/calendars — adds a calendar (a member of staff), active, in the entity's time zone, with its
 * staff member's e-mail when given.
 */
export const handler = defineV2Handler(
  { hasBody: true, body: CreateCalendarBody },
  async ({ entity, body }) =>
    reply(v2Calendar(await catalogService().createCalendar(entity, body.name, body.email), true), {
      message: 'calendar created',
    }),
);
