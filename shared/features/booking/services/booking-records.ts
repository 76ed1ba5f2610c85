/** The records a booking writes: the client as it leaves it, and the new appointment. */
import type { CalendarRecord, SlotRecord } from '../../schedule';
import type { AppointmentRecord, ClientRecord } from '../domain/appointment';
import type { BookingRequest } from './booking-rules';

/**
 * The client after a booking, counting one more appointment. A known client takes the names and e-mail of
 * a booking the business makes itself (`byBusiness`: its secret tokens or a staff session; an e-mail left
 * out keeps the stored one), and keeps its own on a public booking (a publishable key, the hosted page):
 * docs/CONTRACT.md#clients. The appointment has the booking's either way.
 */
export function bookedClient(b: {
  existing: ClientRecord | null;
  /** The id a new client takes. */
  newId: number;
  request: BookingRequest;
  slot: SlotRecord;
  now: string;
  /** The business itself books (no publishable key): a known client takes this booking's names. */
  byBusiness: boolean;
}): ClientRecord {
  const { existing, request, slot, now } = b;
  const kept = existing !== null && !b.byBusiness ? existing : null;
  return {
    client_id: existing?.client_id ?? b.newId,
    client_firstname: kept ? kept.client_firstname : request.firstname,
    client_lastname: kept ? kept.client_lastname : request.lastname,
    client_email: kept ? kept.client_email : (request.email ?? existing?.client_email ?? null),
    client_phone: request.phone,
    created_at: existing?.created_at ?? now,
    updated_at: now,
    appointments_count: (existing?.appointments_count ?? 0) + 1,
    last_appointment:
      existing?.last_appointment && existing.last_appointment > slot.date
        ? existing.last_appointment
        : slot.date,
  };
}

/** The appointment a booking creates, with the booking's names and contact (and its service's run). */
export function bookedAppointment(b: {
  appointmentId: number;
  calendar: CalendarRecord;
  slot: SlotRecord;
  clientId: number;
  request: BookingRequest;
  now: string;
  /** Who books (changedByOf). */
  changedBy?: string;
}): AppointmentRecord {
  const { calendar, slot, request, now } = b;
  return {
    appointment_id: b.appointmentId,
    calendar_id: calendar.calendar_id,
    slot_id: slot.slot_id,
    client_id: b.clientId,
    status: request.status,
    date: slot.date,
    start_time: slot.start_time,
    end_time: slot.end_time,
    client_firstname: request.firstname,
    client_lastname: request.lastname,
    client_email: request.email,
    client_phone: request.phone,
    contract_number: request.contractNumber,
    created_at: now,
    updated_at: now,
    ...(b.changedBy ? { changed_by: b.changedBy } : {}),
    ...(request.service
      ? {
          end_time: request.service.endTime,
          service_id: request.service.serviceId,
          service_name: request.service.serviceName,
          slot_ids: request.service.slotIds,
        }
      : {}),
  };
}
