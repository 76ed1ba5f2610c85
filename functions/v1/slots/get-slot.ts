import { idPath } from '../../../shared/features/v1-reads/http/params';
import { v1SlotDetail } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/slots/{id} — one slot, with updated_at and calendar_name. */
export const handler = defineV1Handler({ debugMode: true, path: idPath }, async (input) => {
  const { entity, queries } = v1Reads(input);
  return reply(v1SlotDetail(await queries.slot(entity, input.path.id), entity.settings.timezone));
});
