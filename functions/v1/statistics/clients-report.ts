import { v1ClientReport } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/statistics/clients — the client report. */
export const handler = defineV1Handler({ debugMode: true }, async (input) => {
  const { entity, statistics } = v1Reads(input);
  return reply(v1ClientReport(await statistics.clients(entity)));
});
