import { v2AvailableStart } from '../../../shared/features/catalog/http/bodies';
import { date, id, optional, params } from '../../../shared/shapes/fields';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, linkOpens, serviceBookingService } from '../../../shared/wiring';

const Query = params({ service_id: id(), from: date(), to: date(), calendar_id: optional(id()) });

/**
 * GET /api/v2/availability?service_id=&from=&to=[&calendar_id=] — every start at which the whole service
 * fits on a calendar that performs it (at most 62 days), by date, start and calendar. A cancel token may
 * call it: the manage page reschedules a service appointment to one of these starts.
 */
export const handler = defineV2Handler(
  { publishable: true, manage: true, opens: linkOpens, query: Query },
  async ({ entity, query }) => {
    const starts = await serviceBookingService().availability(entity, {
      serviceId: query.service_id,
      from: query.from,
      to: query.to,
      calendarId: query.calendar_id,
    });
    return reply(starts.map(v2AvailableStart), {
      message: starts.length ? counted(starts.length, 'available start') : 'no available start in this range',
    });
  },
);
