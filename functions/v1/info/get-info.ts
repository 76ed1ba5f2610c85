import { v1Info } from '../../../shared/http/present-v1';
import { reply } from '../../../shared/http/reply';
import { defineV1Handler, healthService } from '../../../shared/wiring';

/** GET /api/ — service information; no token. */
export const handler = defineV1Handler({ api: 'v1', auth: 'none' }, async () =>
  reply(v1Info(healthService().info())),
);
