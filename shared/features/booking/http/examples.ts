/**
 * Example records for docs/openapi.json. Redocly's recommended rules check each example against its
 * schema, so an example that drifts from the contract fails `npm run lint:api`.
 */
import type { V2AppointmentItem } from './appointment-list-schemas';
import type { V2Appointment } from './schemas';

export const v2Appointment: V2Appointment = {
  id: 42,
  client_id: 41,
  slot_id: 14,
  status: 'confirmed',
  cancel_token: 'ct_c2Fsb24tbGVh.42.bWF5YmUgYSB0b2tlbiwgbWF5YmUgbm90LCBiYXNlNjR',
  client_name: 'Jeanne Durand',
  client_phone: '+33612345678',
  client_email: 'jeanne.durand@example.com',
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  max_appointments: 2,
  available_slots: 1,
};

/** An appointment as the business's list and changes show it. */
export const v2AppointmentItem: V2AppointmentItem = {
  id: 42,
  status: 'confirmed',
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  calendar_id: 7,
  calendar_name: 'Bruno',
  slot_id: 14,
  slot_ids: [14],
  client_id: 41,
  client_name: 'Jeanne Durand',
  client_phone: '+33612345678',
  client_email: 'jeanne.durand@example.com',
  contract_number: null,
  service_id: null,
  service_name: null,
  created_at: '2026-11-23T10:15:00+01:00',
  updated_at: '2026-11-23T10:15:00+01:00',
  changed_by: 'ana@salon.example',
};
