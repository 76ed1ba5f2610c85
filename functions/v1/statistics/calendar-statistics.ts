import { reply } from '../../../shared/http/reply';
import { defineHandler } from '../../../shared/http/v1';
import { id, params, periodQuery } from '../../../shared/http/v1-params';
import { v1For } from '../../../shared/services/v1';

/** GET /api/statistics/{calendarId} — summary and daily breakdown of a period for one calendar. */
export const handler = defineHandler(
  { api: 'v1', debugMode: true, path: params({ calendarId: id() }), query: params(periodQuery) },
  async (input) => {
    const { entity, statistics } = v1For(input);
    return reply(await statistics.appointments(entity, input.query, input.path.calendarId));
  },
);
