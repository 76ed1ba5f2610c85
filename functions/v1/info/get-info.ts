import { v1Info } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, healthService } from '../../../shared/wiring';

/** GET /api/ — service information; no token. */
export const handler = defineV1Handler({ auth: 'none' }, async () => reply(v1Info(healthService().info())));
