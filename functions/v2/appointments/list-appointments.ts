import { calendarScopeOf } from '../../../shared/features/access/domain/calendar-scope';
import {
  V2AppointmentListQuery,
  v2AppointmentItem,
} from '../../../shared/features/booking/http/appointment-list';
import { counted, reply } from '../../../shared/shapes/reply';
import { appointmentListService, defineV2Handler } from '../../../shared/wiring';

/**
 * GET /api/v2/appointments?from=&to=[&calendar_id=][&status=][&limit=][&cursor=] — the business's
 * appointments by start, a page at a time (at most 62 days; a staff member's session sees its calendars only).
 */
export const handler = defineV2Handler(
  { staffSession: true, query: V2AppointmentListQuery },
  async ({ entity, query }) => {
    const page = await appointmentListService().list(entity, {
      from: query.from,
      to: query.to,
      calendarId: query.calendar_id,
      status: query.status,
      limit: query.limit ?? 50,
      cursor: query.cursor,
      scope: calendarScopeOf(entity),
    });
    const appointments = page.items.map((v) =>
      v2AppointmentItem(v.appointment, v.calendarName, entity.settings.timezone),
    );
    return reply(
      { appointments, next_cursor: page.nextCursor ?? null },
      {
        message: appointments.length
          ? counted(appointments.length, 'appointment')
          : 'no appointments in this range',
      },
    );
  },
);
