import { reply } from '../../../shared/http/reply';
import { id, params, periodQuery } from '../../../shared/http/v1/params';
import { v1PeriodStatistics } from '../../../shared/http/v1/present';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/statistics/{calendarId} — summary and daily breakdown of a period for one calendar. */
export const handler = defineV1Handler(
  { debugMode: true, path: params({ calendarId: id() }), query: params(periodQuery) },
  async (input) => {
    const { entity, statistics } = v1Reads(input);
    return reply(
      v1PeriodStatistics(await statistics.appointments(entity, input.query, input.path.calendarId)),
    );
  },
);
