import { reply } from '../../../shared/http/reply';
import { v1Appointment } from '../../../shared/http/v1/present';
import { V1BookingBody, v1BookingRequest } from '../../../shared/http/v2/booking-bodies';
import { defineV1Handler, v1Booking } from '../../../shared/wiring';

/** POST /api/appointment — books a place (default status confirmed); data.appointment is the record. */
export const handler = defineV1Handler(
  {
    debugMode: true,
    bookingLimit: 'always',
    hasBody: true,
    idempotent: true,
    body: V1BookingBody,
  },
  async (input) => {
    const { entity, booking } = v1Booking(input);
    const booked = await booking.book(entity, v1BookingRequest(input.body), input.idempotency);
    const view = { appointment: booked.appointment, calendarName: booked.calendar.calendar_name };
    return reply(
      { appointment: v1Appointment(view, entity.settings.timezone) },
      { message: 'appointment created' },
    );
  },
);
