import { v2TimeOff } from '../../../shared/features/schedule/http/time-off';
import { id, params } from '../../../shared/shapes/fields';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, timeOffService } from '../../../shared/wiring';

/** GET /api/v2/time-off?calendar_id= — a calendar's time off from today on, by date. */
export const handler = defineV2Handler(
  { staffSession: true, query: params({ calendar_id: id() }) },
  async ({ entity, query }) => {
    const offs = await timeOffService().list(entity, query.calendar_id);
    return reply(offs.map(v2TimeOff), {
      message: offs.length
        ? counted(offs.length, 'period of time off', 'periods of time off')
        : 'no time off',
    });
  },
);
