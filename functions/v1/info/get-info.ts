import { reply } from '../../../shared/http/reply';
import { defineHandler } from '../../../shared/http/stack';
import { services } from '../../../shared/services';

/** GET /api/ — service information; no token. */
export const handler = defineHandler({ api: 'v1', auth: 'none' }, async () =>
  reply(services().health.info()),
);
