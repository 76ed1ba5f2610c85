/**
 * Example records for docs/openapi.json. Redocly's recommended rules check each example against its
 * schema, so an example that drifts from the contract fails `npm run lint:api`.
 */
import type { V1Appointment, V1Calendar, V1Client, V1Slot } from '../features/v1-reads/http/schemas';
import type { V2Appointment, V2Periods, V2Slot } from '../http/schemas/v2';

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
  calendars_with_appointments: 1,
  unique_clients: 3,
  days_with_appointments: 1,
  success_rate: 0.6667,
};

export const v1Day = { date: '2026-11-23', appointments_count: 3, confirmed_count: 2, cancelled_count: 1 };

export const v2Periods: V2Periods = {
  start_time1: '09:00:00',
  end_time1: '12:00:00',
  start_time2: '14:00:00',
  end_time2: '18:00:00',
};

export const v2Slot: V2Slot = {
  id: 14,
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  status: 'open',
  max_appointments: 2,
  available_slots: 2,
};

export const v2Appointment: V2Appointment = {
  id: 42,
  client_id: 41,
  slot_id: 14,
  status: 'confirmed',
  cancel_token: 'bWF5YmUgYSB0b2tlbiwgbWF5YmUgbm90LCBiYXNlNjR1cmw',
  client_name: 'Jeanne Durand',
  client_phone: '+33612345678',
  client_email: 'jeanne.durand@example.com',
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  max_appointments: 2,
  available_slots: 1,
};

/** An example message for each v1 error code. */
export const V1_ERROR_MESSAGES: Record<string, string> = {
  INVALID_PARAMETER: 'per_page: must be at most 1000',
  INVALID_DATE_FORMAT: 'date_from: invalid date, expected YYYY-MM-DD',
  DATE_RANGE_TOO_LARGE: 'date range is over 365 days',
  MISSING_REQUIRED_FIELD: 'client_phone: is required',
  MISSING_CALENDAR_ID: 'calendar_id parameter is required',
  INVALID_JSON: 'body is not valid JSON',
  AUTH_REQUIRED: 'access token required',
  AUTH_INVALID: 'invalid access token',
  RESOURCE_NOT_FOUND: 'resource not found',
  CALENDAR_NOT_FOUND: 'calendar not found or inactive',
  SLOT_NOT_FOUND: 'slot not found',
  SLOT_UNAVAILABLE: 'slot not available: full',
  SLOT_IN_PAST: 'slot not available: in the past',
  PAYLOAD_TOO_LARGE: 'request body is larger than 65536 bytes',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key was already used with a different request',
  SERVICE_UNAVAILABLE: 'the service is busy, retry the same request',
  INTERNAL_ERROR: 'server error: 6b1e0f52-8c1d-4c55-9d0e-0b8a4d3f2a71',
};
