import {
  V1BookingBody,
  v1BookingAhead,
  v1BookingRequest,
} from '../../../shared/features/booking/http/booking-bodies';
import { v1Appointment } from '../../../shared/features/v1-reads/http/present';
import { reply } from '../../../shared/shapes/reply';
import { bookingService, defineV1Handler, v1Booking } from '../../../shared/wiring';

/**
 * POST /api/appointment — books a place (default status confirmed); data.appointment is the record. Its first
 * reads start beside its token's (HandlerOptions.prefetch; debug mode reads no token and takes none).
 */
export const handler = defineV1Handler(
  {
    debugMode: true,
    bookingLimit: 'always',
    hasBody: true,
    idempotent: true,
    body: V1BookingBody,
    prefetch: (lastSeen, event) => {
      const request = v1BookingAhead(event);
      return request && bookingService().prefetch(lastSeen, request);
    },
  },
  async (input) => {
    const { entity, booking } = v1Booking(input);
    const booked = await booking.book(
      entity,
      v1BookingRequest(input.body),
      input.idempotency,
      input.prefetched,
    );
    const view = { appointment: booked.appointment, calendarName: booked.calendar.calendar_name };
    return reply(
      { appointment: v1Appointment(view, entity.settings.timezone) },
      { message: 'appointment created' },
    );
  },
);
