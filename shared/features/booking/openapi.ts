/** The booking's v2 routes: book and cancel an appointment (docs/CONTRACT.md#v2-in-short). */
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import * as ex from './http/examples';
import * as B from './http/schemas';

export const V2_BOOKING_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'POST /api/v2/appointments': {
    summary: 'Book an appointment',
    description:
      "Books a place in an open slot that does not start in the past (a slot of any of the entity's calendars; of calendar_id when sent), and issues the cancel_token. With service_id, date and start_time instead of slot_id: one place in every slot the service covers on a calendar that performs it (calendar_id, or without it the free calendar with the fewest appointments that day), in one transaction; the answer adds service_id, calendar_id and slot_ids. The phone must be valid (default region FR); client_email, when given, must be a valid address. Capacity holds under any concurrency. A retry with the same Idempotency-Key and body within 24 hours gets the first answer.",
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2BookingAnswer', 'The appointment booked.'),
    example: ex.v2Appointment,
    errors: {
      400: [
        'client_phone: not a valid phone number',
        'slot_id: is required',
        'calendar_id: this calendar does not perform the service',
      ],
      404: ['slot not found', 'service not found', 'calendar not found or inactive'],
      409: ['slot not available: full', 'slot not available: closed', 'slot not available: in the past'],
      503: ['the service is busy, retry the same request'],
    },
    idempotent: true,
  },
  'POST /api/v2/appointments/cancel': {
    summary: 'Cancel an appointment by its token',
    description:
      'Sets the appointment to cancelled, frees its place and returns it with the capacities after. A completed or started appointment cannot be cancelled by its link (409).',
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2CancelAnswer', 'The appointment cancelled.'),
    example: { ...ex.v2Appointment, status: 'cancelled', available_slots: 2 },
    errors: {
      404: ['appointment not found'],
      409: [
        'appointment already cancelled',
        'the appointment is completed: its link can no longer change it',
        'the appointment has started: its link can no longer change it',
      ],
      503: ['the service is busy, retry the same request'],
    },
  },
};
