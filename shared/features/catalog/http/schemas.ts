/** Services and staff (docs/CONTRACT.md#services-and-staff): calendars, services and availability. */
import * as z from 'zod';
import { date, id, named, time } from '../../../shapes/common';

export const V2Calendar = named(
  z.strictObject({
    id: id(),
    name: z.string(),
    active: z.boolean(),
    email: z.string().nullable().optional(),
  }),
  'V2Calendar',
  "A calendar: one member of staff (or room) whose slots are booked. Inactive calendars take no bookings. email, shown to the secret token only (never to a publishable key), is the staff member's address, told of each of the calendar's bookings, moves and cancellations with the calendar file (null: none).",
);

export const V2Service = named(
  z.strictObject({
    id: id(),
    name: z.string(),
    duration: z.int().min(5).max(720),
    calendar_ids: z.array(id()),
    price: z.int().min(0).nullable(),
    currency: z.string(),
    description: z.string().nullable(),
    buffer_before_minutes: z.int().min(0).max(240),
    buffer_after_minutes: z.int().min(0).max(240),
    min_notice_minutes: z.int().min(0).max(43_200).nullable(),
    max_days_ahead: z.int().min(1).max(365).nullable(),
  }),
  'V2Service',
  "A service: its length in minutes and the active calendars that perform it (every active calendar unless the service names some); price in the currency's minor units (4550 EUR is 45.50 €; null when not set), currency the service's own when it has one, else the entity's currency setting (default EUR); description null when not set; buffer_before_minutes and buffer_after_minutes, the time (0 to 240 minutes, default 0) each appointment of it keeps free on its calendar before and after it (no other booking of the calendar, nor its buffers, may overlap them; they may run past closing time); min_notice_minutes and max_days_ahead, the service's own booking window for publishable keys and cancel tokens (null: the entity's settings apply).",
);

export const V2AvailableStart = named(
  z.strictObject({
    date: date(),
    start_time: time(),
    end_time: time(),
    calendar_id: id(),
    calendar_name: z.string(),
    price: z.int().min(0).nullable(),
    currency: z.string(),
  }),
  'V2AvailableStart',
  "A start at which the whole service fits on a calendar: end_time is start_time + the duration; price and currency are the service's (price in minor units, null when it has none).",
);

export type V2Calendar = z.infer<typeof V2Calendar>;
export type V2Service = z.infer<typeof V2Service>;
export type V2AvailableStart = z.infer<typeof V2AvailableStart>;
