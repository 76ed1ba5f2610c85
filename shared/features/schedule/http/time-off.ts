/** The time-off routes' shapes (docs/CONTRACT.md#time-off): the body and the presenters (no zod classic: see time-off-schemas.ts). */
import { body, clockTime, date as dateField, id as idField, optional, text } from '../../../shapes/fields';
import type { TimeOffRecord } from '../domain/time-off';
import type { TimeOffAdded } from '../services/time-off-service';
import type { V2TimeOff, V2TimeOffAdded } from './time-off-schemas';

/** POST /api/v2/time-off: a calendar, a date, the whole day or from start_time to end_time (exclusive). */
export const TimeOffBody = body({
  calendar_id: idField(),
  date: dateField(),
  start_time: optional(clockTime()),
  end_time: optional(clockTime()),
  name: optional(text(100)),
});

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
