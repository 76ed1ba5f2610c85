import { type AppointmentRecord, v2Appointment } from '../../booking';
import type { ServiceRecord } from '../../catalog';
import type { CalendarRecord, SlotRecord } from '../../schedule';
import { type EntitySettings, localeOf } from '../../settings';
import type { V2Business, V2BusinessPage, V2ManagedAppointment } from './schemas';

/** What a booking page shows of the business (its settings' name when it has one). */
export const v2Business = (s: EntitySettings): V2Business => {
  const name = (s as EntitySettings & { name?: unknown }).name;
  return {
    name: typeof name === 'string' && name !== '' ? name : null,
    timezone: s.timezone,
    language: s.language,
    default_calendar_id: s.default_calendar_id,
    locale: localeOf(s),
    currency: s.currency ?? 'EUR',
    brand_color: s.brand_color ?? null,
    logo_url: s.logo_url ?? null,
    // The days ahead a client may book: the pages show that window, a month at a time.
    max_days_ahead: s.max_days_ahead,
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
  found: ManagedFound,
  cancelToken: string,
): V2ManagedAppointment => {
  const a = found.appointment;
  return {
    appointment: v2Appointment(a, found.slot, cancelToken),
    calendar_name: found.calendar?.calendar_name ?? null,
    service:
      a.service_id === undefined
        ? null
        : {
            id: a.service_id,
            name: a.service_name ?? found.service?.name ?? '',
            price: found.service?.price ?? null,
            currency: found.service?.currency ?? settings.currency ?? 'EUR',
          },
    business: v2Business(settings),
  };
};

/** What the manage page's lookup found: the appointment, its slot and calendar, its service (null: none or deleted). */
export interface ManagedFound {
  appointment: AppointmentRecord;
  slot: SlotRecord | null;
  calendar: CalendarRecord | null;
  service: Pick<ServiceRecord, 'name' | 'price' | 'currency'> | null;
}
