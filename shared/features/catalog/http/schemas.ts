/** Services and staff (docs/CONTRACT.md#services-and-staff): calendars, services and availability. */
import * as z from 'zod';
import { date, id, named, time } from '../../../shapes/common';

export const V2Calendar = named(
  z.strictObject({ id: id(), name: z.string(), active: z.boolean() }),
  'V2Calendar',
  'A calendar: one member of staff (or room) whose slots are booked. Inactive calendars take no bookings.',
);

export const V2Service = named(
  z.strictObject({
    id: id(),
    name: z.string(),
    duration: z.int().min(5).max(720),
    calendar_ids: z.array(id()),
    price: z.number().min(0).nullable(),
    currency: z.string().nullable(),
    description: z.string().nullable(),
  }),
  'V2Service',
  'A service: its length in minutes and the active calendars that perform it (every active calendar unless the service names some); price, currency and description are null when not set.',
);

export const V2AvailableStart = named(
  z.strictObject({
    date: date(),
    start_time: time(),
    end_time: time(),
    calendar_id: id(),
    calendar_name: z.string(),
  }),
  'V2AvailableStart',
  'A start at which the whole service fits on a calendar: end_time is start_time + the duration.',
);

export type V2Calendar = z.infer<typeof V2Calendar>;
export type V2Service = z.infer<typeof V2Service>;
export type V2AvailableStart = z.infer<typeof V2AvailableStart>;
