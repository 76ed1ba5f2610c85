import { calendarScopeOf } from '../../../shared/features/access/domain/calendar-scope';
import {
  V2AppointmentUpdateBody,
  v2AppointmentItem,
  v2MoveOf,
} from '../../../shared/features/booking/http/appointment-list';
import { reply } from '../../../shared/shapes/reply';
import { appointmentChangeService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/appointments/update — the business moves an appointment (slot_id, or date and start_time
 * [and calendar_id]) and/or sets its status, in one transaction under a booking's rules.
 */
export const handler = defineV2Handler(
  { staffSession: true, bookingLimit: 'when-moving', hasBody: true, body: V2AppointmentUpdateBody },
  async ({ entity, body }) => {
    const { appointment, calendarName } = await appointmentChangeService().change(entity, {
      appointmentId: body.appointment_id,
      move: v2MoveOf(body),
      status: body.status,
      scope: calendarScopeOf(entity),
    });
    return reply(v2AppointmentItem(appointment, calendarName, entity.settings.timezone), {
      message: 'appointment updated',
    });
  },
);
