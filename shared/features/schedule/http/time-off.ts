/** The time-off routes' shapes (docs/CONTRACT.md#time-off): the body, the record and its presenter. */
import * as z from 'zod';
import { count, date, id, named, time } from '../../../shapes/common';
import { body, clockTime, date as dateField, id as idField, optional, text } from '../../../shapes/fields';
import type { TimeOffRecord } from '../domain/time-off';
import type { TimeOffAdded } from '../services/time-off-service';

/** POST /api/v2/time-off: a calendar, a date, the whole day or from start_time to end_time (exclusive). */
export const TimeOffBody = body({
  calendar_id: idField(),
  date: dateField(),
  start_time: optional(clockTime()),
  end_time: optional(clockTime()),
  name: optional(text(100)),
});

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

export const v2TimeOff = (off: TimeOffRecord): V2TimeOff => ({
  id: off.time_off_id,
  calendar_id: off.calendar_id,
  date: off.date,
  start_time: off.start_time,
  end_time: off.end_time,
  name: off.name,
});

export const v2TimeOffAdded = (added: TimeOffAdded): V2TimeOffAdded => ({
  ...v2TimeOff(added.off),
  closed_slots: added.closedSlots,
  booked_appointments: added.bookedAppointments,
});
