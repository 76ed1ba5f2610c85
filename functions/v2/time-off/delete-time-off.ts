import { body, id } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, timeOffService } from '../../../shared/wiring';

/** POST /api/v2/time-off/delete — removes a time off and reopens the slots it closed; an unknown id is 404. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ id: id() }), staffSession: true },
  async ({ entity, body }) => {
    await timeOffService().remove(entity, body.id);
    return reply([], { message: 'time off removed' });
  },
);
