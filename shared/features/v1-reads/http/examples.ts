/**
 * Example records for docs/openapi.json. Redocly's recommended rules check each example against its
 * schema, so an example that drifts from the contract fails `npm run lint:api`.
 */
import type { V1Appointment, V1Calendar, V1Client, V1Slot } from './schemas';

export const STAMP = '2026-11-23T10:15:00+01:00';

export const v1Calendar: V1Calendar = {
  calendar_id: 1,
  calendar_name: 'Main calendar',
  widgetID: 'w-3f9a2c',
  is_active: true,
  created_at: '2026-11-02T09:00:00+01:00',
  total_appointments: 12,
  total_slots: 40,
};

export const v1Slot: V1Slot = {
  slot_id: 14,
  calendar_id: 1,
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  capacity: 2,
  is_available: true,
  booked_appointments: 1,
  created_at: '2026-11-20T16:40:00+01:00',
};

export const v1Appointment: V1Appointment = {
  appointment_id: 42,
  status: 'confirmed',
  created_at: STAMP,
  updated_at: STAMP,
  slot_id: 14,
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  calendar_id: 1,
  calendar_name: 'Main calendar',
  client_id: 41,
  client_firstname: 'Jeanne',
  client_lastname: 'Durand',
  client_email: 'jeanne.durand@example.com',
  client_phone: '+33612345678',
  changed_by: 'token',
};

export const v1Client: V1Client = {
  client_id: 41,
  client_firstname: 'Jeanne',
  client_lastname: 'Durand',
  client_email: 'jeanne.durand@example.com',
  client_phone: '+33612345678',
  created_at: STAMP,
  appointments_count: 1,
  last_appointment: '2026-12-01',
};

export const v1Summary = {
  total_appointments: 3,
  confirmed_appointments: 2,
  pending_appointments: 0,
  cancelled_appointments: 1,
  completed_appointments: 0,
  no_show_appointments: 0,
  calendars_with_appointments: 1,
  unique_clients: 3,
  days_with_appointments: 1,
  success_rate: 0.6667,
};

export const v1Day = {
  date: '2026-11-23',
  appointments_count: 3,
  confirmed_count: 2,
  cancelled_count: 1,
  no_show_count: 0,
};
