import { type AppointmentRecord, v2Appointment } from '../../booking';
import type { CalendarRecord, SlotRecord } from '../../schedule';
import type { EntitySettings } from '../../settings';
import type { V2Business, V2BusinessPage, V2ManagedAppointment } from './schemas';

/** What a booking page shows of the business (its settings' name when it has one). */
export const v2Business = (s: EntitySettings): V2Business => {
  const name = (s as EntitySettings & { name?: unknown }).name;
  return {
    name: typeof name === 'string' && name !== '' ? name : null,
    timezone: s.timezone,
    language: s.language,
    default_calendar_id: s.default_calendar_id,
  };
};

/** GET /business: the business, and whether it offers services (the widget's service path). */
export const v2BusinessPage = (s: EntitySettings, hasServices: boolean): V2BusinessPage => ({
  ...v2Business(s),
  has_services: hasServices,
});

/** The appointment of the manage page, with its calendar's name and the business. */
export const v2ManagedAppointment = (
  settings: EntitySettings,
  found: { appointment: AppointmentRecord; slot: SlotRecord | null; calendar: CalendarRecord | null },
  cancelToken: string,
): V2ManagedAppointment => ({
  appointment: v2Appointment(found.appointment, found.slot, cancelToken),
  calendar_name: found.calendar?.calendar_name ?? null,
  business: v2Business(settings),
});
