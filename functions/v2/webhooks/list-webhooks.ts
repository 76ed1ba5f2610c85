import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, webhookService } from '../../../shared/wiring';

/** GET /api/v2/webhooks — the account's webhook subscriptions, without their secrets. */
export const handler = defineV2Handler({}, async ({ entity }) => {
  const webhooks = await webhookService().list(entity.entityId);
  return reply(webhooks, { message: counted(webhooks.length, 'webhook') });
});
