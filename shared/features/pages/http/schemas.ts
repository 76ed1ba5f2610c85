/** The records the widget and the manage page read (docs/CONTRACT.md#widget-and-manage-page). */
import * as z from 'zod';
import { id, named } from '../../../shapes/common';
import { V2Appointment } from '../../booking';
import { LANGUAGES } from '../../settings';

export const V2Business = named(
  z.strictObject({
    name: z.string().nullable(),
    timezone: z.string(),
    language: z.enum(LANGUAGES),
    default_calendar_id: id(),
    locale: z.string(),
    currency: z.string(),
    brand_color: z.string().nullable(),
    logo_url: z.string().nullable(),
    max_days_ahead: z.int().min(1).max(365),
  }),
  'V2Business',
  'What a booking page shows of the business: its name (null when it has none), the IANA time zone every date and time of the API is in, the language of its pages and e-mails, the calendar the v2 API books in, the locale its dates and prices are written for (its locale setting, else the language in its country), the currency of its prices, its brand colour (#rrggbb on which white text is readable; null: none) and logo (an https address; null: none), and how many days ahead a client may book (the pages show that window, a month at a time).',
);

export const V2BusinessPage = named(
  V2Business.extend({ has_services: z.boolean() }),
  'V2BusinessPage',
  'What a booking page shows of the business, and whether it offers services (GET /services): the widget then asks for a service and a person (or anyone) and reads GET /availability; else it shows the free slots of the default calendar.',
);

export const V2ManagedService = named(
  z.strictObject({
    id: id(),
    name: z.string(),
    price: z.int().min(0).nullable(),
    currency: z.string(),
  }),
  'V2ManagedService',
  "The service an appointment is of, as the manage page shows it: its name (as booked, kept when the service is deleted since), its price now in the currency's minor units (null when it has none or is deleted) and currency.",
);

export const V2ManagedAppointment = named(
  z.strictObject({
    appointment: V2Appointment,
    calendar_name: z.string().nullable(),
    service: V2ManagedService.nullable(),
    business: V2Business,
  }),
  'V2ManagedAppointment',
  'The appointment a cancel token names (never anything of another client), with the name of its calendar, its service (null for an appointment of a slot) and what the page shows of the business.',
);

export type V2Business = z.infer<typeof V2Business>;
export type V2BusinessPage = z.infer<typeof V2BusinessPage>;
export type V2ManagedAppointment = z.infer<typeof V2ManagedAppointment>;
