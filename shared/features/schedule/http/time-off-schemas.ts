/** The time-off routes' response schemas (docs/CONTRACT.md#time-off), for the OpenAPI document only. */
import * as z from 'zod';
import { count, date, id, named, time } from '../../../shapes/common';

export const V2TimeOff = named(
  z.strictObject({
    id: id(),
    calendar_id: id(),
    date: date(),
    start_time: time().nullable(),
    end_time: time().nullable(),
    name: z.string(),
  }),
  'V2TimeOff',
  "A staff member's time off: on date, in calendar_id, from start_time to end_time (end exclusive), or the whole day when both are null.",
);
export type V2TimeOff = z.infer<typeof V2TimeOff>;

export const V2TimeOffAdded = named(
  z.strictObject({
    ...V2TimeOff.shape,
    closed_slots: count(),
    booked_appointments: count(),
  }),
  'V2TimeOffAdded',
  "A time off as added: closed_slots, the calendar's open slots it closed; booked_appointments, the places booked appointments already take in its range (they are kept: cancel or move them as the business decides).",
);
export type V2TimeOffAdded = z.infer<typeof V2TimeOffAdded>;
