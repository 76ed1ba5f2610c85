import * as z from 'zod/mini';
import { UNSAFE_CLASS } from '../../../shared/core/safe-text';
import { body, described, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, webhookService } from '../../../shared/wiring';

const Body = body({
  // urlProblem: https on port 443, no credentials, a host of public addresses only (http locally).
  url: described(text(2048), {
    format: 'uri',
    pattern: `^https://([^\\s/?#@:\\[\\]${UNSAFE_CLASS}]+|\\[[0-9A-Fa-f:.]+\\])(:443)?([/?#][^\\s${UNSAFE_CLASS}]*)?$`,
    description:
      'an https URL on port 443, without user name or password, whose host resolves to public addresses only',
  }),
  events: described(z.optional(z.unknown()), { type: 'array', items: { type: 'string' } }),
});

/** POST /api/v2/webhooks — subscribes a URL to booking events; the answer shows the signing secret once. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const { id, url, events, secret, created_at } = await webhookService().subscribe(entity, body);
  return reply({ id, url, events, secret, created_at }, { message: 'webhook created' });
});
