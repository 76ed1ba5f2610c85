import { v1Info } from '../../../shared/http/present-v1';
import { reply } from '../../../shared/http/reply';
import { defineHandler } from '../../../shared/http/v1';
import { healthService } from '../../../shared/wiring';

/** GET /api/ — service information; no token. */
export const handler = defineHandler({ api: 'v1', auth: 'none' }, async () =>
  reply(v1Info(healthService().info())),
);
