import { EVENT_ID } from '../../../shared/features/webhooks/domain/webhooks';
import { described, int, optional, params, text } from '../../../shared/shapes/fields';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, webhookService } from '../../../shared/wiring';

const Query = params({
  after: optional(
    described(text(100), {
      pattern: EVENT_ID.source,
      description: 'the id of an event of an earlier answer (evt_ and 23 digits)',
    }),
  ),
  limit: optional(int({ min: 1, max: 100 })),
});

/** GET /api/v2/events?after=&limit= — the account's booking events after one, in the order they happened. */
export const handler = defineV2Handler({ query: Query }, async ({ entity, query }) => {
  const events = await webhookService().feed(entity.entityId, query.after, query.limit ?? 50);
  return reply(events, { message: counted(events.length, 'event') });
});
