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
  }),
  'V2Business',
  'What a booking page shows of the business: its name (null when it has none), the IANA time zone every date and time of the API is in, the language of its pages and e-mails, and the calendar the v2 API books in.',
);

export const V2BusinessPage = named(
  V2Business.extend({ has_services: z.boolean() }),
  'V2BusinessPage',
  'What a booking page shows of the business, and whether it offers services (GET /services): the widget then asks for a service and a person (or anyone) and reads GET /availability; else it shows the free slots of the default calendar.',
);

export const V2ManagedAppointment = named(
  z.strictObject({
    appointment: V2Appointment,
    calendar_name: z.string().nullable(),
    business: V2Business,
  }),
  'V2ManagedAppointment',
  'The appointment a cancel token names (never anything of another client), with the name of its calendar and what the page shows of the business.',
);

export type V2Business = z.infer<typeof V2Business>;
export type V2BusinessPage = z.infer<typeof V2BusinessPage>;
export type V2ManagedAppointment = z.infer<typeof V2ManagedAppointment>;
