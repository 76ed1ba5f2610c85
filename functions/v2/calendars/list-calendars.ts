import { v2Calendar } from '../../../shared/features/catalog/http/bodies';
import { counted, reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/calendars — the staff: active calendars for a publishable key, all for the secret token. */
export const handler = defineV2Handler({ publishable: true }, async ({ entity }) => {
  const calendars = await catalogService().listCalendars(entity);
  // The staff's addresses go to the secret token only, never to a publishable key.
  const withEmail = entity.credential === undefined;
  return reply(
    calendars.map((c) => v2Calendar(c, withEmail)),
    { message: counted(calendars.length, 'calendar') },
  );
});
