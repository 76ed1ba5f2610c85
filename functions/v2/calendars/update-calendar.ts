import { UpdateCalendarBody, v2Calendar } from '../../../shared/features/catalog/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/calendars/update — renames, (de)activates or sets the staff member's e-mail of a calendar. */
export const handler = defineV2Handler(
  { hasBody: true, body: UpdateCalendarBody },
  async ({ entity, body }) =>
    reply(v2Calendar(await catalogService().updateCalendar(entity, body), true), {
      message: 'calendar updated',
    }),
);
