import { idPath } from '../../../shared/features/v1-reads/http/params';
import { v1CalendarDetail } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/calendars/{id} — one calendar, with updated_at. */
export const handler = defineV1Handler({ debugMode: true, path: idPath }, async (input) => {
  const { entity, queries } = v1Reads(input);
  return reply(v1CalendarDetail(await queries.calendar(entity, input.path.id), entity.settings.timezone));
});
