import { id, optional, params, periodQuery } from '../../../shared/features/v1-reads/http/params';
import { v1PeriodStatistics } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
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
