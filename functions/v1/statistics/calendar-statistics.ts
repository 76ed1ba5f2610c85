import { id, params, periodQuery } from '../../../shared/features/v1-reads/http/params';
import { v1PeriodStatistics } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
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
