import { STATUSES } from '../../../shared/domain/appointment';
import { body, id, oneOf, text } from '../../../shared/http/fields';
import { v1Appointment } from '../../../shared/http/present-v1';
import { reply } from '../../../shared/http/reply';
import { defineV1Handler, v1Writes } from '../../../shared/wiring';

const Body = body({
  calendar_id: id(),
  slot_id: id(),
  client_firstname: text(100),
  client_lastname: text(100),
  client_email: text(254),
  client_phone: text(64),
  status: oneOf(STATUSES).optional(),
});

/** POST /api/appointment — books a place (default status confirmed); data.appointment is the record. */
export const handler = defineV1Handler(
  { api: 'v1', debugMode: true, bookingLimit: 'always', hasBody: true, idempotent: true, body: Body },
  async (input) => {
    const { entity, booking } = v1Writes(input);
    const booked = await booking.bookV1(entity, input.body, input.idempotency);
    const view = { appointment: booked.appointment, calendarName: booked.calendar.calendar_name };
    return reply(
      { appointment: v1Appointment(view, entity.settings.timezone) },
      { message: 'appointment created' },
    );
  },
);
