/** The records and reports of the v1 calendar API (docs/CONTRACT.md#v1-in-short). */
import * as z from 'zod';
import { count, date, id, named, ratio, stamp, time } from '../../../shapes/common';
import { V1Meta, v1Frame } from '../../../shapes/envelopes';
import { STATUSES } from '../../booking';

const calendarFields = {
  calendar_id: id(),
  calendar_name: z.string(),
  widgetID: z.string(),
  is_active: z.boolean(),
  created_at: stamp(),
  total_appointments: count(),
  total_slots: count(),
};
export const V1Calendar = named(
  z.strictObject(calendarFields),
  'V1Calendar',
  'A calendar, as lists show it.',
);
export const V1CalendarDetail = named(
  z.strictObject({ ...calendarFields, updated_at: stamp() }),
  'V1CalendarDetail',
  'A calendar, as its own endpoint shows it (with updated_at).',
);

const slotFields = {
  slot_id: id(),
  calendar_id: id(),
  date: date(),
  start_time: time(),
  end_time: time(),
  capacity: count(),
  is_available: z.boolean(),
  booked_appointments: count(),
  created_at: stamp(),
};
export const V1Slot = named(
  z.strictObject(slotFields),
  'V1Slot',
  'A slot: capacity is its places, booked_appointments the places taken; is_available is true when it is open, has a free place, does not start in the past and its calendar is active.',
);
export const V1SlotDetail = named(
  z.strictObject({ ...slotFields, updated_at: stamp(), calendar_name: z.string() }),
  'V1SlotDetail',
  'A slot, as its own endpoint shows it (with updated_at and calendar_name).',
);

export const V1Appointment = named(
  z.strictObject({
    appointment_id: id(),
    status: z.enum(STATUSES),
    created_at: stamp(),
    updated_at: stamp(),
    slot_id: id(),
    date: date(),
    start_time: time(),
    end_time: time(),
    calendar_id: id(),
    calendar_name: z.string(),
    client_id: id(),
    client_firstname: z.string(),
    client_lastname: z.string(),
    client_email: z.string(),
    client_phone: z.string(),
    service_id: id().optional(),
    service_name: z.string().optional(),
    changed_by: z.string().optional().meta({
      description:
        "Who made the last change: token (a secret token), key (a publishable key), client (the client's own link) or the e-mail of the staff member whose session made it. Absent on appointments last changed before it was kept.",
    }),
  }),
  'V1Appointment',
  'An appointment with the names and contact it was booked with (client_email is empty when none was given; client_phone is E.164). An appointment of a service also has service_id and service_name (as when booked), and end_time is start_time + its duration. changed_by names who made the last change.',
);

export const V1AppointmentWrapper = named(
  z.strictObject({ appointment: V1Appointment }),
  'V1AppointmentWrapper',
  'What POST /appointment and PUT /appointment/{id} return in data.',
);

const clientFields = {
  client_id: id(),
  client_firstname: z.string(),
  client_lastname: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  created_at: stamp(),
  appointments_count: count(),
  last_appointment: date().nullable(),
};
export const V1Client = named(
  z.strictObject(clientFields),
  'V1Client',
  'A client: names and e-mail of the latest booking the business made itself (secret token or staff session; one without an e-mail keeps the stored e-mail); a booking with a publishable key never changes them. appointments_count counts every status; last_appointment is the latest slot date.',
);
export const V1ClientDetail = named(
  z.strictObject({ ...clientFields, updated_at: stamp() }),
  'V1ClientDetail',
  'A client, as its own endpoint shows it (with updated_at).',
);

export const V1Info = named(
  z.strictObject({
    name: z.string(),
    version: z.string(),
    status: z.string(),
    debug_mode: z.boolean(),
    supported_formats: z.array(z.string()),
    endpoints: z.strictObject({
      calendars: z.string(),
      slots: z.string(),
      appointments: z.string(),
      statistics: z.string(),
      clients: z.string(),
    }),
  }),
  'V1Info',
  'Service information.',
);

export const V1Health = named(
  z.strictObject({
    status: z.enum(['ok', 'degraded']),
    timestamp: z.int().min(0),
    version: z.string(),
    debug_mode: z.boolean(),
    database: z.enum(['connected', 'unreachable']),
  }),
  'V1Health',
  'Health: ok and connected when the table answers, degraded and unreachable when it does not (timestamp in Unix seconds).',
);

export const V1StatisticsSummary = named(
  z.strictObject({
    total_appointments: count(),
    confirmed_appointments: count(),
    pending_appointments: count(),
    cancelled_appointments: count(),
    completed_appointments: count(),
    no_show_appointments: count(),
    calendars_with_appointments: count(),
    unique_clients: count(),
    days_with_appointments: count(),
    success_rate: ratio().max(1),
  }),
  'V1StatisticsSummary',
  'Totals of a period, one count per status (no_show: the client did not come); success_rate = (confirmed + completed) / total, 0 when total is 0.',
);

export const V1DailyBreakdownItem = named(
  z.strictObject({
    date: date(),
    appointments_count: count(),
    confirmed_count: count(),
    cancelled_count: count(),
    no_show_count: count(),
  }),
  'V1DailyBreakdownItem',
  'One day of a period (every day is listed, days without appointments included).',
);

export const V1PeriodStatistics = named(
  z.strictObject({
    period: z.enum(['today', 'last7days', 'last15days', 'last30days', 'specific_day', 'custom']),
    calendar_id: id().optional(),
    start_date: date(),
    end_date: date(),
    summary: V1StatisticsSummary,
    daily_breakdown: z.array(V1DailyBreakdownItem),
  }),
  'V1PeriodStatistics',
  'Statistics of a period, for one calendar (calendar_id present) or all.',
);

export const V1CalendarReport = named(
  z.strictObject({
    total_calendars: count(),
    active_calendars: count(),
    inactive_calendars: count(),
    calendars_with_appointments: count(),
    average_appointments_per_calendar: ratio(),
    calendars: z.array(
      z.strictObject({
        calendar_id: id(),
        calendar_name: z.string(),
        appointments_count: count(),
        slots_count: count(),
        utilization_rate: ratio(),
      }),
    ),
  }),
  'V1CalendarReport',
  "The calendar report; utilization_rate = places taken / total capacity of the calendar's slots.",
);

export const V1ClientReport = named(
  z.strictObject({
    total_clients: count(),
    active_clients: count(),
    clients_with_appointments: count(),
    new_clients_last_30_days: count(),
    repeat_clients: count(),
    average_appointments_per_client: ratio(),
    top_clients: z.array(
      z.strictObject({
        client_id: id(),
        client_name: z.string(),
        appointments_count: count(),
        last_appointment: date().nullable(),
      }),
    ),
  }),
  'V1ClientReport',
  'The client report: active clients have a non-cancelled appointment dated within the last 30 days or later; repeat clients have two or more appointments.',
);

export type V1Calendar = z.infer<typeof V1Calendar>;
export type V1CalendarDetail = z.infer<typeof V1CalendarDetail>;
export type V1Slot = z.infer<typeof V1Slot>;
export type V1SlotDetail = z.infer<typeof V1SlotDetail>;
export type V1Appointment = z.infer<typeof V1Appointment>;
export type V1Client = z.infer<typeof V1Client>;
export type V1ClientDetail = z.infer<typeof V1ClientDetail>;
export type V1Info = z.infer<typeof V1Info>;
export type V1Health = z.infer<typeof V1Health>;
export type V1PeriodStatistics = z.infer<typeof V1PeriodStatistics>;
export type V1CalendarReport = z.infer<typeof V1CalendarReport>;
export type V1ClientReport = z.infer<typeof V1ClientReport>;

/** The v1 health envelope when the table does not answer (503). */
export const V1HealthDegraded = named(
  z.strictObject({
    success: z.literal(false),
    data: V1Health,
    meta: V1Meta,
    ...v1Frame,
    error_code: z.literal('SERVICE_UNAVAILABLE'),
    http_code: z.literal(503),
  }),
  'V1HealthDegraded',
  'Health when the table does not answer: status degraded, database unreachable.',
);
