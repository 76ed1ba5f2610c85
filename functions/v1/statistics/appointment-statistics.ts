import { v1PeriodStatistics } from '../../../shared/http/present-v1';
import { reply } from '../../../shared/http/reply';
import { defineHandler } from '../../../shared/http/v1';
import { id, params, periodQuery } from '../../../shared/http/v1-params';
import { v1Services } from '../../../shared/wiring';

/** GET /api/statistics/appointments — summary and daily breakdown of a period, all calendars or one. */
export const handler = defineHandler(
  { api: 'v1', debugMode: true, query: params({ ...periodQuery, calendar_id: id().optional() }) },
  async (input) => {
    const { entity, statistics } = v1Services(input);
    return reply(
      v1PeriodStatistics(await statistics.appointments(entity, input.query, input.query.calendar_id)),
    );
  },
);
