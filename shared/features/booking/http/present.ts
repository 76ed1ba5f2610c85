/** The booking's v2 answer: an appointment (docs/CONTRACT.md#v2-in-short). */
import type { SlotRecord } from '../../schedule';
import { type AppointmentRecord, joinClientName } from '../domain/appointment';
import type { V2Appointment } from './schemas';

/** v2 appointment record, with the slot's capacities as they are after the write. */
export const v2Appointment = (
  a: AppointmentRecord,
  slot: SlotRecord | null,
  cancelToken: string,
): V2Appointment => ({
  id: a.appointment_id,
  client_id: a.client_id,
  slot_id: a.slot_id,
  status: a.status,
  cancel_token: cancelToken,
  client_name: joinClientName(a.client_firstname, a.client_lastname),
  client_phone: a.client_phone,
  ...(a.client_email ? { client_email: a.client_email } : {}),
  ...(a.contract_number ? { contract_number: a.contract_number } : {}),
  date: a.date,
  start_time: a.start_time,
  end_time: a.end_time,
  max_appointments: slot?.capacity ?? 0,
  available_slots: slot ? Math.max(0, slot.capacity - slot.taken) : 0,
  // An appointment of a service (docs/CONTRACT.md#services-and-staff); a slot booking answers as before.
  ...(a.service_id !== undefined
    ? { service_id: a.service_id, calendar_id: a.calendar_id, slot_ids: a.slot_ids ?? [a.slot_id] }
    : {}),
});
