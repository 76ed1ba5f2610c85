import { reply } from '../../../shared/http/reply';
import { idPath } from '../../../shared/http/v1/params';
import { v1SlotDetail } from '../../../shared/http/v1/present';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/slots/{id} — one slot, with updated_at and calendar_name. */
export const handler = defineV1Handler({ debugMode: true, path: idPath }, async (input) => {
  const { entity, queries } = v1Reads(input);
  return reply(v1SlotDetail(await queries.slot(entity, input.path.id), entity.settings.timezone));
});
