/** The v1 calendar API's routes as the contract describes them (docs/CONTRACT.md#v1-in-short). */
import * as z from 'zod';
import { v1Answer } from '../../shapes/envelopes';
import type { V1RouteDoc } from '../../shapes/route-doc';
import { HealthService } from '../operations';
import * as ex from './http/examples';
import * as S from './http/schemas';

const DATES = ['INVALID_DATE_FORMAT', 'DATE_RANGE_TOO_LARGE'] as const;
const byId = (what: string) =>
  `Ids are unique across kinds within an entity: the id of ${what} gives that item, the id of a calendar gives the calendar's list (with pagination and meta.calendar_id), any other id is 404 RESOURCE_NOT_FOUND.`;
const periodText =
  'period is today, last7days (today and the 6 days before), last15days, last30days, specific_day (with date) or custom (with start_date and end_date, at most 365 days), in the calendar time zone. daily_breakdown lists every day of the period.';
const statistics = {
  period: 'last7days',
  start_date: '2026-11-17',
  end_date: '2026-11-23',
  summary: ex.v1Summary,
};

export const V1_ROUTE_DOCS: Record<string, V1RouteDoc> = {
  'GET /api': {
    summary: 'Service information',
    description:
      'Name, version, whether debug mode is on, the output formats and the main endpoints. No token. With debug=true or X-Debug: true, where the stage has debug mode, the envelope also carries the debug object.',
    tag: 'v1 service',
    answer: v1Answer(S.V1Info, 'V1InfoAnswer', 'Service information.', 'never'),
    // The answer itself, from the service (debug mode on, as locally and in staging).
    example: new HealthService({ store: { ping: async () => true }, debugMode: true }).info(),
    errors: {},
  },
  'GET /api/health': {
    summary: 'Health',
    description:
      'Reads the table with a short deadline: 200 with status ok and database connected when it answers, 503 with status degraded and database unreachable (error_code SERVICE_UNAVAILABLE) when it does not. No token. With debug=true or X-Debug: true, where the stage has debug mode, the envelope also carries the debug object.',
    tag: 'v1 service',
    answer: v1Answer(S.V1Health, 'V1HealthAnswer', 'The store answers.', 'never'),
    example: { status: 'ok', timestamp: 1795424100, version: '1.0', debug_mode: true, database: 'connected' },
    errors: {},
  },
  'GET /api/calendars': {
    summary: 'List calendars',
    description: "The entity's calendars by id, paginated.",
    tag: 'v1 calendars',
    answer: v1Answer(z.array(S.V1Calendar), 'V1CalendarListAnswer', 'A page of calendars.', 'always'),
    example: [ex.v1Calendar],
    list: {},
    errors: {},
  },
  'GET /api/calendars/{id}': {
    summary: 'Get a calendar',
    description: 'One calendar, with updated_at.',
    tag: 'v1 calendars',
    answer: v1Answer(S.V1CalendarDetail, 'V1CalendarAnswer', 'The calendar.', 'never'),
    example: { ...ex.v1Calendar, updated_at: ex.STAMP },
    errors: { 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/slots': {
    summary: 'List slots of a calendar',
    description:
      'The bookable slots (is_available true) of a calendar from date_from to date_to (default date_from, at most 365 days), by date and time; with all=true every slot of the range. calendar_id is required (400 MISSING_CALENDAR_ID).',
    tag: 'v1 slots',
    answer: v1Answer(z.array(S.V1Slot), 'V1SlotListAnswer', 'A page of slots.', 'always'),
    example: [ex.v1Slot],
    list: { calendarId: 1 },
    errors: { 400: ['MISSING_CALENDAR_ID', ...DATES], 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/slots/{id}': {
    summary: 'Get a slot',
    description: 'One slot, with updated_at and calendar_name.',
    tag: 'v1 slots',
    answer: v1Answer(S.V1SlotDetail, 'V1SlotAnswer', 'The slot.', 'never'),
    example: { ...ex.v1Slot, updated_at: ex.STAMP, calendar_name: 'Main calendar' },
    errors: { 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/appointments': {
    summary: 'List appointments',
    description:
      'Appointments by date, start time and id, filtered by calendar, client, status and date range (at most 365 days), paginated.',
    tag: 'v1 appointments',
    answer: v1Answer(
      z.array(S.V1Appointment),
      'V1AppointmentListAnswer',
      'A page of appointments.',
      'always',
    ),
    example: [ex.v1Appointment],
    list: {},
    errors: { 400: DATES, 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/appointments/{id}': {
    summary: "Get an appointment, or a calendar's appointments",
    description: `${byId('an appointment')} The list takes status, date_from, date_to and pagination.`,
    tag: 'v1 appointments',
    answer: v1Answer(
      z.union([S.V1Appointment, z.array(S.V1Appointment)]),
      'V1AppointmentOrListAnswer',
      "The appointment, or a page of the calendar's appointments.",
      'when-listing',
    ),
    example: ex.v1Appointment,
    errors: { 400: DATES, 404: ['RESOURCE_NOT_FOUND'] },
  },
  'POST /api/appointment': {
    summary: 'Book an appointment',
    description:
      'Books a place in a slot of an active calendar (status confirmed unless given). Checks run in order: body fields, calendar, slot in that calendar, slot in the past, slot closed or full. The client is found by phone (E.164), else by e-mail, else created. A retry with the same Idempotency-Key and body within 24 hours gets the first answer.',
    tag: 'v1 appointments',
    answer: v1Answer(S.V1AppointmentWrapper, 'V1BookingAnswer', 'The appointment booked.', 'never'),
    example: { appointment: ex.v1Appointment },
    errors: {
      404: ['CALENDAR_NOT_FOUND', 'SLOT_NOT_FOUND'],
      409: ['SLOT_UNAVAILABLE', 'SLOT_IN_PAST'],
      503: ['SERVICE_UNAVAILABLE'],
    },
    idempotent: true,
  },
  'PUT /api/appointment/{id}': {
    summary: 'Change the status or the slot of an appointment',
    description:
      'Any status may follow any status: going to cancelled frees the place, leaving cancelled takes one again (409 SLOT_UNAVAILABLE when full). A slot_id moves the appointment, freeing the old place and taking the new one in one atomic write. Neither field: 400 MISSING_REQUIRED_FIELD.',
    tag: 'v1 appointments',
    answer: v1Answer(S.V1AppointmentWrapper, 'V1UpdateAnswer', 'The appointment after the change.', 'never'),
    example: { appointment: { ...ex.v1Appointment, status: 'cancelled' } },
    errors: {
      404: ['RESOURCE_NOT_FOUND', 'SLOT_NOT_FOUND', 'CALENDAR_NOT_FOUND'],
      409: ['SLOT_UNAVAILABLE', 'SLOT_IN_PAST'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  },
  'GET /api/clients': {
    summary: 'List clients',
    description:
      'Clients by last name, first name and id. search is a case-insensitive substring of last name, first name or e-mail; email is exact (any case); phone is matched in E.164; created_from and created_to bound the creation date, inclusive.',
    tag: 'v1 clients',
    answer: v1Answer(z.array(S.V1Client), 'V1ClientListAnswer', 'A page of clients.', 'always'),
    example: [ex.v1Client],
    list: {},
    errors: { 400: ['INVALID_DATE_FORMAT'] },
  },
  'GET /api/clients/{id}': {
    summary: "Get a client, or a calendar's clients",
    description: `${byId('a client')} The list holds the clients having appointments in the calendar and takes search and pagination.`,
    tag: 'v1 clients',
    answer: v1Answer(
      z.union([S.V1ClientDetail, z.array(S.V1Client)]),
      'V1ClientOrListAnswer',
      "The client, or a page of the calendar's clients.",
      'when-listing',
    ),
    example: { ...ex.v1Client, updated_at: ex.STAMP },
    errors: { 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/statistics/appointments': {
    summary: 'Appointment statistics of a period',
    description: `Summary and daily breakdown of a period, for all calendars or the one named by calendar_id. ${periodText}`,
    tag: 'v1 statistics',
    answer: v1Answer(
      S.V1PeriodStatistics,
      'V1AppointmentStatisticsAnswer',
      'Statistics of the period.',
      'never',
    ),
    example: { ...statistics, daily_breakdown: [ex.v1Day] },
    errors: { 400: DATES, 404: ['RESOURCE_NOT_FOUND'] },
  },
  'GET /api/statistics/calendars': {
    summary: 'Calendar report',
    description: 'Counts of calendars and, for each, its appointments, slots and utilization rate.',
    tag: 'v1 statistics',
    answer: v1Answer(S.V1CalendarReport, 'V1CalendarReportAnswer', 'The calendar report.', 'never'),
    example: {
      total_calendars: 1,
      active_calendars: 1,
      inactive_calendars: 0,
      calendars_with_appointments: 1,
      average_appointments_per_calendar: 12,
      calendars: [
        {
          calendar_id: 1,
          calendar_name: 'Main calendar',
          appointments_count: 12,
          slots_count: 40,
          utilization_rate: 0.3,
        },
      ],
    },
    errors: {},
  },
  'GET /api/statistics/clients': {
    summary: 'Client report',
    description:
      'Counts of clients (active, new in the last 30 days, repeat) and the ten clients with most appointments.',
    tag: 'v1 statistics',
    answer: v1Answer(S.V1ClientReport, 'V1ClientReportAnswer', 'The client report.', 'never'),
    example: {
      total_clients: 3,
      active_clients: 2,
      clients_with_appointments: 3,
      new_clients_last_30_days: 3,
      repeat_clients: 0,
      average_appointments_per_client: 1,
      top_clients: [
        {
          client_id: 41,
          client_name: 'Jeanne Durand',
          appointments_count: 1,
          last_appointment: '2026-12-01',
        },
      ],
    },
    errors: {},
  },
  'GET /api/statistics/{calendarId}': {
    summary: 'Statistics of one calendar',
    description: `Summary and daily breakdown of a period for one calendar. ${periodText}`,
    tag: 'v1 statistics',
    answer: v1Answer(
      S.V1PeriodStatistics,
      'V1CalendarStatisticsAnswer',
      'Statistics of the period.',
      'never',
    ),
    example: { ...statistics, calendar_id: 1, daily_breakdown: [ex.v1Day] },
    errors: { 400: DATES, 404: ['RESOURCE_NOT_FOUND'] },
  },
};
