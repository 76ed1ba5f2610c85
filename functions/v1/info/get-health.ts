import { v1Health } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, healthService } from '../../../shared/wiring';

/** GET /api/health — 200 when the table answers, 503 `degraded` when it does not; no token. */
export const handler = defineV1Handler({ auth: 'none' }, async () => {
  const health = v1Health(await healthService().health());
  return health.database === 'connected'
    ? reply(health)
    : reply(health, {
        success: false,
        status: 503,
        errorCode: 'SERVICE_UNAVAILABLE',
        message: 'database unreachable',
      });
});
