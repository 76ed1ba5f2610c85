import { body, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, webhookService } from '../../../shared/wiring';

/** POST /api/v2/webhooks/delete — removes a subscription; nothing more is sent to it. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ id: text(100) }) },
  async ({ entity, body }) => {
    const removed = await webhookService().remove(entity.entityId, body.id);
    return reply(removed, { message: 'webhook deleted' });
  },
);
