import {
  V2BookingBody,
  v2BookingAhead,
  v2BookingRequest,
  v2ServiceBookingRequest,
} from '../../../shared/features/booking/http/booking-bodies';
import { v2Appointment } from '../../../shared/features/booking/http/present';
import { reply } from '../../../shared/shapes/reply';
import { bookingService, defineV2Handler, serviceBookingService } from '../../../shared/wiring';

/**
 * POST /api/v2/appointments — books a place in a slot (of calendar_id, else the slot's calendar), or with
 * service_id every slot the service covers from start_time; returns the record and its cancel token.
 * A slot booking's first reads start beside its token's (HandlerOptions.prefetch). A staff member's
 * session may book into its calendars only (403 for another's).
 */
export const handler = defineV2Handler(
  {
    publishable: true,
    // A staff member's session books walk-ins and phone calls into their own calendars only.
    staffSession: true,
    bookingLimit: 'always',
    hasBody: true,
    idempotent: true,
    body: V2BookingBody,
    prefetch: (lastSeen, event) => {
      const request = v2BookingAhead(lastSeen, event);
      return request && bookingService().prefetch(lastSeen, request);
    },
  },
  async ({ entity, body, idempotency, prefetched }) => {
    const booked =
      body.service_id === undefined
        ? await bookingService().book(entity, v2BookingRequest(entity, body), idempotency, prefetched)
        : await serviceBookingService().book(entity, v2ServiceBookingRequest(body), idempotency);
    return reply(v2Appointment(booked.appointment, booked.slot, booked.cancelToken), {
      message: 'appointment booked',
    });
  },
);
