/** The booking's v2 routes: book and cancel an appointment (docs/CONTRACT.md#v2-in-short). */
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2AppointmentItem, V2AppointmentPage } from './http/appointment-list-schemas';
import * as ex from './http/examples';
import * as B from './http/schemas';

export const V2_BOOKING_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'POST /api/v2/appointments': {
    summary: 'Book an appointment',
    description:
      "Books a place in an open slot that does not start in the past (a slot of any of the entity's calendars; of calendar_id when sent), and issues the cancel_token. With service_id, date and start_time instead of slot_id: one place in every slot the service covers on a calendar that performs it (calendar_id, or without it the free calendar with the fewest appointments that day), in one transaction; the answer adds service_id, calendar_id and slot_ids. The phone must be valid (default region FR); client_email, when given, must be a valid address. A service's buffers (buffer_before_minutes, buffer_after_minutes) take a place in the slots they touch too: no other booking of the calendar overlaps the service or its buffers, and a start is refused when one would (docs/CONTRACT.md#buffers). A publishable key is bound by the booking window: a start sooner than min_notice_minutes from now is 409 slot not available: too soon, one after today + max_days_ahead − 1 409 too far ahead (the service's own values when it has them). A slot a staff member's time off closed is 409 slot not available: time off. Capacity holds under any concurrency. A retry with the same Idempotency-Key and body within 24 hours gets the first answer. A staff member's session books into its own calendars only (403 for a slot or calendar_id of another; a service for anyone goes to one of theirs).",
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2BookingAnswer', 'The appointment booked.'),
    example: ex.v2Appointment,
    errors: {
      400: [
        'client_phone: not a valid phone number',
        'slot_id: is required',
        'calendar_id: this calendar does not perform the service',
      ],
      403: ['this calendar is not one of yours'],
      404: ['slot not found', 'service not found', 'calendar not found or inactive'],
      409: [
        'slot not available: full',
        'slot not available: closed',
        'slot not available: time off',
        'slot not available: in the past',
        'slot not available: too soon',
        'slot not available: too far ahead',
      ],
      503: ['the service is busy, retry the same request'],
    },
    idempotent: true,
  },
  'POST /api/v2/appointments/cancel': {
    summary: 'Cancel an appointment by its token',
    description:
      "Sets the appointment to cancelled, frees its place and returns it with the capacities after. A completed or started appointment cannot be cancelled by its link (409), nor one that starts within the business's client_change_cutoff_minutes (409 CHANGE_TOO_LATE, naming whom to contact).",
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2CancelAnswer', 'The appointment cancelled.'),
    example: { ...ex.v2Appointment, status: 'cancelled', available_slots: 2 },
    errors: {
      404: ['appointment not found'],
      409: [
        'appointment already cancelled',
        'the appointment is completed: its link can no longer change it',
        'the appointment has started: its link can no longer change it',
        'too late to change by link: the appointment starts within <cut-off>; contact <business> to change it',
      ],
      503: ['the service is busy, retry the same request'],
    },
  },
  'POST /api/v2/appointments/confirm': {
    summary: 'Confirm a pending booking by its token',
    description:
      "The client's confirmation of a booking made pending by the business's confirm_by_email setting: the cancel token of the booking e-mail's link (the manage page sends it) makes the appointment confirmed and returns it. An already confirmed appointment is answered as it is (a repeat changes nothing). A pending booking not confirmed within 30 minutes of its booking is released by itself (cancelled, its place freed, its cancellation's e-mail and webhook sent): its confirmation is then 409, as is one of a cancelled, completed or started appointment. A GET never confirms.",
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2ConfirmAnswer', 'The appointment confirmed.'),
    example: { ...ex.v2Appointment, status: 'confirmed' },
    errors: {
      404: ['appointment not found'],
      409: [
        'the appointment is cancelled',
        'the appointment is completed: its link can no longer change it',
        'the appointment has started: its link can no longer change it',
      ],
      503: ['the service is busy, retry the same request'],
    },
  },
  'GET /api/v2/appointments': {
    summary: "List the business's appointments",
    description:
      "The appointments whose start date is from from to to (inclusive, at most 62 days), by date, start time and id, of calendar_id and of status when sent; every status, no_show included, unless one is asked. limit appointments a page (1 to 100, default 50); next_cursor, sent back as cursor with the same query, gives the next page (null on the last), and costs what the first page does. A cursor of another query or account is 400. A staff member's session lists only its calendars (403 for another's calendar_id).",
    tag: 'v2 appointments',
    answer: v2Answer(V2AppointmentPage, 'V2AppointmentListAnswer', 'A page of appointments.'),
    example: { appointments: [ex.v2AppointmentItem], next_cursor: null },
    errors: {
      400: [
        'from: is required',
        'date range is over 62 days',
        'to: must not be before from',
        'cursor: not a cursor of this list (it belongs to another query or account, or was altered)',
      ],
      403: ['this calendar is not one of yours'],
      404: ['calendar not found'],
    },
  },
  'POST /api/v2/appointments/update': {
    summary: 'Move an appointment and/or set its status',
    description:
      "The business's own change of an appointment: a move (slot_id, of calendar_id when sent; or date and start_time in calendar_id, the appointment's calendar when absent) and/or a status (pending, confirmed, cancelled, completed, no_show), in one transaction, as v1's PUT /appointment/{id}: the new place is taken under a booking's rules (open, a place left, not started: 409 otherwise, and nothing changes) and the old one freed; cancelled frees the place, leaving cancelled takes one again (409 when none is free); completed and no_show keep it, and may be set before or after the start. An appointment of a service keeps its length and moves only to a calendar that performs the service (400). A move to the time it already has is 409 ALREADY_AT_THIS_TIME, a cancel of a cancelled appointment or a move of one (without a status that brings it back) 409 APPOINTMENT_CANCELLED; a status it already has answers it unchanged. A staff member's session changes only its calendars' appointments, and moves them only to its calendars (403).",
    tag: 'v2 appointments',
    answer: v2Answer(V2AppointmentItem, 'V2AppointmentUpdateAnswer', 'The appointment after the change.'),
    example: { ...ex.v2AppointmentItem, status: 'no_show' },
    errors: {
      400: [
        'appointment_id: is required',
        'slot_id or status: is required',
        'start_time: is required',
        'calendar_id: this calendar does not perform the service',
      ],
      403: ['this calendar is not one of yours'],
      404: ['appointment not found', 'slot not found', 'calendar not found or inactive'],
      409: [
        'slot not available: full',
        'slot not available: closed',
        'slot not available: in the past',
        'the appointment is already at this time',
        'appointment already cancelled',
        'a cancelled appointment cannot be moved: book again',
      ],
      503: ['the service is busy, retry the same request'],
    },
  },
};
