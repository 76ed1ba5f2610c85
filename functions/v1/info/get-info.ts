import { reply } from '../../../shared/http/reply';
import { v1Info } from '../../../shared/http/v1/present';
import { defineV1Handler, healthService } from '../../../shared/wiring';

/** GET /api/ — service information; no token. */
export const handler = defineV1Handler({ auth: 'none' }, async () => reply(v1Info(healthService().info())));
