/** The v2 routes of the widget and the manage page (docs/CONTRACT.md#widget-and-manage-page). */

import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2Appointment, v2AppointmentExample } from '../booking';
import { V2BusinessPage, V2ManagedAppointment } from './http/schemas';

const business = {
  name: 'Salon Jeanne',
  timezone: 'Europe/Paris',
  language: 'fr',
  default_calendar_id: 1,
  locale: 'fr-FR',
  currency: 'EUR',
  brand_color: '#7a1f5c',
  logo_url: null,
  max_days_ahead: 60,
} as const;

export const V2_PAGE_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'GET /api/v2/business': {
    summary: 'What a booking page shows of the business',
    description:
      'Its name (null until it sets one), the IANA time zone every date and time of the API is in, its language, the calendar the v2 API books in, the locale its dates and prices are written for, its currency, brand_color and logo_url (null when unset), max_days_ahead (the booking window the pages show, a month at a time), and has_services (true when it offers services: GET /services, GET /calendars, GET /availability). A publishable key or a cancel token may call it; a cancel token whose appointment is cancelled, completed or started is refused as unknown (401).',
    tag: 'v2 booking',
    answer: v2Answer(V2BusinessPage, 'V2BusinessAnswer', 'The business.'),
    example: { ...business, has_services: true },
    errors: {},
  },
  'POST /api/v2/appointments/lookup': {
    summary: 'The appointment a cancel token names',
    description:
      'For the manage page (GET /manage#<cancel_token>): the appointment, the name of its calendar, its service with its price (null for an appointment of a slot) and the business; nothing of any other client. The cancel token may be sent as the Access-Token itself. A cancelled, completed or started appointment is no longer shown (409).',
    tag: 'v2 booking',
    answer: v2Answer(V2ManagedAppointment, 'V2ManagedAppointmentAnswer', 'The appointment.'),
    example: { appointment: v2AppointmentExample, calendar_name: 'Default', service: null, business },
    errors: {
      400: ['cancel_token: is required'],
      404: ['appointment not found'],
      409: [
        'the appointment is cancelled',
        'the appointment is completed: its link can no longer change it',
        'the appointment has started: its link can no longer change it',
      ],
    },
  },
  'POST /api/v2/appointments/reschedule': {
    summary: 'Move an appointment by its cancel token',
    description:
      "To the slot slot_id, or to the slot starting at date and start_time (HH:MM) in calendar_id (the appointment’s calendar when absent). The new place is taken and the old one freed in one transaction: 409 when the new time is full, closed or started, and nothing changes. Every rule of a booking holds: an appointment of a service keeps its length and moves only to a calendar that performs the service (400). A cancelled, completed or started appointment cannot be moved by its link (409), nor one that starts within the business's client_change_cutoff_minutes (409 CHANGE_TOO_LATE, naming whom to contact); the new time must be in the booking window (409 slot not available: too soon / too far ahead).",
    tag: 'v2 booking',
    answer: v2Answer(V2Appointment, 'V2RescheduleAnswer', 'The appointment at its new time.'),
    example: { ...v2AppointmentExample, slot_id: 15, start_time: '09:30:00', end_time: '10:00:00' },
    errors: {
      400: [
        'cancel_token: is required',
        'slot_id: is required',
        'calendar_id: this calendar does not perform the service',
      ],
      404: ['appointment not found', 'slot not found'],
      409: [
        'slot not available: full',
        'a cancelled appointment cannot be moved: book again',
        'the appointment is completed: its link can no longer change it',
        'the appointment has started: its link can no longer change it',
        'the appointment is already at this time',
        'slot not available: too soon',
        'slot not available: too far ahead',
        'too late to change by link: the appointment starts within <cut-off>; contact <business> to change it',
      ],
      503: ['the service is busy, retry the same request'],
    },
  },
};
