import { type AppointmentRecord, joinClientName } from '../../features/booking';
import type { V2CalendarFeedStatus } from '../../features/mail';
import type { SlotRecord } from '../../features/schedule';
import type { ClosureAdded, EntitySettings, V2ClosureAdded, V2Settings } from '../../features/settings';
import { documented } from '../../shapes/documented';
import type {
  V2Appointment,
  V2CheckDate,
  V2EmailVerdict,
  V2Holiday,
  V2OpeningHours,
  V2Periods,
  V2PhoneVerdict,
  V2Slot,
} from '../schemas/v2';

/** v2 slot record (docs/CONTRACT.md#v2-in-short): max_appointments = capacity, available_slots = capacity − taken. */
export const v2Slot = (s: SlotRecord): V2Slot => ({
  id: s.slot_id,
  date: s.date,
  start_time: s.start_time,
  end_time: s.end_time,
  status: s.status,
  max_appointments: s.capacity,
  available_slots: Math.max(0, s.capacity - s.taken),
});

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

/** One weekday's opening hours. */
export const v2OpeningHours = documented<V2OpeningHours>();
/** The periods of an open date. */
export const v2Periods = documented<V2Periods>();
/** Whether a date is open, and the holiday that closes it. */
export const v2CheckDate = documented<V2CheckDate>();
/** The verdict of /validation/phone. */
export const v2PhoneVerdict = documented<V2PhoneVerdict>();
/** The verdict of /validation/email. */
export const v2EmailVerdict = documented<V2EmailVerdict>();

/** Every setting of the entity (management routes), in the documented order. */
export const v2Settings = (s: EntitySettings): V2Settings => ({
  slot_duration: s.slot_duration,
  max_appointments: s.max_appointments,
  timezone: s.timezone,
  country: s.country,
  default_calendar_id: s.default_calendar_id,
  open_days_ahead: s.open_days_ahead,
  language: s.language,
  cancel_url: s.cancel_url,
  reminder_minutes_before: s.reminder_minutes_before,
  name: s.name,
  address: s.address,
  locale: s.locale,
});
/** Whether a feed address exists, and since when. */
export const v2FeedStatus = (s: { exists: boolean; createdAt: string | null }): V2CalendarFeedStatus => ({
  exists: s.exists,
  created_at: s.createdAt,
});

/** A closure day the entity added. */
export const v2Closure = documented<V2Holiday>();

/** A closure day as just added: what it closed, and the booked appointments its date holds. */
export const v2ClosureAdded = (added: ClosureAdded): V2ClosureAdded => ({
  ...added.closure,
  closed_slots: added.closedSlots,
  booked_appointments: added.bookedAppointments,
});
