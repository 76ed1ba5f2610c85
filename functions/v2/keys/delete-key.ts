import { body, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, keyService } from '../../../shared/wiring';

/** POST /api/v2/keys/delete — removes a publishable key: it stops working at once; unknown is 404. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ id: text(64) }) },
  async ({ entity, body }) => {
    await keyService().remove(entity.entityId, body.id);
    return reply([], { message: 'publishable key deleted' });
  },
);
