import { reply } from '../../../shared/http/reply';
import { id, optional, params, periodQuery } from '../../../shared/http/v1/params';
import { v1PeriodStatistics } from '../../../shared/http/v1/present';
import { defineV1Handler, v1Reads } from '../../../shared/wiring';

/** GET /api/statistics/appointments — summary and daily breakdown of a period, all calendars or one. */
export const handler = defineV1Handler(
  { debugMode: true, query: params({ ...periodQuery, calendar_id: optional(id()) }) },
  async (input) => {
    const { entity, statistics } = v1Reads(input);
    return reply(
      v1PeriodStatistics(await statistics.appointments(entity, input.query, input.query.calendar_id)),
    );
  },
);
