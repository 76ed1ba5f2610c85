import { v1ClientReport } from '../../../shared/http/present-v1';
import { reply } from '../../../shared/http/reply';
import { defineHandler } from '../../../shared/http/v1';
import { v1Services } from '../../../shared/wiring';

/** GET /api/statistics/clients — the client report. */
export const handler = defineHandler({ api: 'v1', debugMode: true }, async (input) => {
  const { entity, statistics } = v1Services(input);
  return reply(v1ClientReport(await statistics.clients(entity)));
});
