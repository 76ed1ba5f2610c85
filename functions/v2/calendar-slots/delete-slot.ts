import { body, id, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, slotService } from '../../../shared/wiring';

/** POST /api/v2/calendar-slots/delete — removes an empty slot; one holding live appointments is 409. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ slot_id: id(), calendar_id: optional(id()) }) },
  async ({ entity, body }) => {
    await slotService().delete(entity, body.slot_id, body.calendar_id);
    return reply([], { message: 'slot deleted' });
  },
);
