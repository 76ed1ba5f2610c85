import { isoInZone } from '../../../core/dates';
import { documented } from '../../../shapes/documented';
import type { ClientRecord } from '../../booking';
import { type CalendarRecord, totalAppointments } from '../../schedule';
import type { AppointmentView, SlotView } from '../services/query-service';
import type {
  V1Appointment,
  V1Calendar,
  V1CalendarDetail,
  V1CalendarReport,
  V1Client,
  V1ClientDetail,
  V1ClientReport,
  V1Health,
  V1Info,
  V1PeriodStatistics,
  V1Slot,
  V1SlotDetail,
} from './schemas';

const at = (iso: string, timezone: string): string => isoInZone(new Date(iso), timezone);

/** The fields every record of a v1 list has, in their order: the header row of a CSV page without items. */
export const V1_COLUMNS = {
  calendar: [
    'calendar_id',
    'calendar_name',
    'widgetID',
    'is_active',
    'created_at',
    'total_appointments',
    'total_slots',
  ] satisfies (keyof V1Calendar)[],
  slot: [
    'slot_id',
    'calendar_id',
    'date',
    'start_time',
    'end_time',
    'capacity',
    'is_available',
    'booked_appointments',
    'created_at',
  ] satisfies (keyof V1Slot)[],
  // service_id, service_name and changed_by only where an appointment has them.
  appointment: [
    'appointment_id',
    'status',
    'created_at',
    'updated_at',
    'slot_id',
    'date',
    'start_time',
    'end_time',
    'calendar_id',
    'calendar_name',
    'client_id',
    'client_firstname',
    'client_lastname',
    'client_email',
    'client_phone',
  ] satisfies (keyof V1Appointment)[],
  client: [
    'client_id',
    'client_firstname',
    'client_lastname',
    'client_email',
    'client_phone',
    'created_at',
    'appointments_count',
    'last_appointment',
  ] satisfies (keyof V1Client)[],
};

/** v1 calendar (docs/CONTRACT.md#v1-in-short); the detail adds updated_at. */
export const v1Calendar = (c: CalendarRecord, timezone: string): V1Calendar => ({
  calendar_id: c.calendar_id,
  calendar_name: c.calendar_name,
  widgetID: c.widget_id,
  is_active: c.is_active,
  created_at: at(c.created_at, timezone),
  total_appointments: totalAppointments(c),
  total_slots: c.slots_count,
});
export const v1CalendarDetail = (c: CalendarRecord, timezone: string): V1CalendarDetail => ({
  ...v1Calendar(c, timezone),
  updated_at: at(c.updated_at, timezone),
});

/** v1 slot: capacity, booked_appointments = places taken, is_available (docs/CONTRACT.md#two-apis-one-data-model). */
export const v1Slot = (v: SlotView, timezone: string): V1Slot => ({
  slot_id: v.slot.slot_id,
  calendar_id: v.slot.calendar_id,
  date: v.slot.date,
  start_time: v.slot.start_time,
  end_time: v.slot.end_time,
  capacity: v.slot.capacity,
  is_available: v.isAvailable,
  booked_appointments: v.slot.taken,
  created_at: at(v.slot.created_at, timezone),
});
export const v1SlotDetail = (v: SlotView, timezone: string): V1SlotDetail => ({
  ...v1Slot(v, timezone),
  updated_at: at(v.slot.updated_at, timezone),
  calendar_name: v.calendar.calendar_name,
});

/** v1 appointment, with the names and contact it was booked with. */
export const v1Appointment = (v: AppointmentView, timezone: string): V1Appointment => ({
  appointment_id: v.appointment.appointment_id,
  status: v.appointment.status,
  created_at: at(v.appointment.created_at, timezone),
  updated_at: at(v.appointment.updated_at, timezone),
  slot_id: v.appointment.slot_id,
  date: v.appointment.date,
  start_time: v.appointment.start_time,
  end_time: v.appointment.end_time,
  calendar_id: v.appointment.calendar_id,
  calendar_name: v.calendarName,
  client_id: v.appointment.client_id,
  client_firstname: v.appointment.client_firstname,
  client_lastname: v.appointment.client_lastname,
  client_email: v.appointment.client_email ?? '',
  client_phone: v.appointment.client_phone,
  // An appointment of a service (docs/CONTRACT.md#services-and-staff).
  ...(v.appointment.service_id !== undefined
    ? { service_id: v.appointment.service_id, service_name: v.appointment.service_name ?? '' }
    : {}),
  // Who made the last change (docs/CONTRACT.md#staff-and-sessions).
  ...(v.appointment.changed_by !== undefined ? { changed_by: v.appointment.changed_by } : {}),
});

/** v1 client; the detail adds updated_at. */
export const v1Client = (c: ClientRecord, timezone: string): V1Client => ({
  client_id: c.client_id,
  client_firstname: c.client_firstname,
  client_lastname: c.client_lastname,
  client_email: c.client_email ?? '',
  client_phone: c.client_phone,
  created_at: at(c.created_at, timezone),
  appointments_count: c.appointments_count,
  last_appointment: c.last_appointment,
});
export const v1ClientDetail = (c: ClientRecord, timezone: string): V1ClientDetail => ({
  ...v1Client(c, timezone),
  updated_at: at(c.updated_at, timezone),
});

/** Service information (GET /api/). */
export const v1Info = documented<V1Info>();
/** Health (GET /api/health), connected or not. */
export const v1Health = documented<V1Health>();
/** Statistics of a period (GET /api/statistics/{calendarId}, /api/statistics/appointments). */
export const v1PeriodStatistics = documented<V1PeriodStatistics>();
/** The calendar report (GET /api/statistics/calendars). */
export const v1CalendarReport = documented<V1CalendarReport>();
/** The client report (GET /api/statistics/clients). */
export const v1ClientReport = documented<V1ClientReport>();
