import type * as z from 'zod';
import { missingField } from '../../../core/errors';
import { body, date, described, id, optional, text } from '../../../shapes/fields';
import { oneGroupOf } from '../../../shapes/rules';
import type { RescheduleTarget } from '../services/move-target';

/** POST /api/v2/appointments/reschedule: the cancel token, and a slot_id or a start (date, start_time). */
export const V2RescheduleBody = described(
  body({
    cancel_token: text(200),
    slot_id: optional(id()),
    date: optional(date()),
    start_time: optional(text(8)),
    calendar_id: optional(id()),
  }),
  oneGroupOf(['slot_id'], ['date', 'start_time']),
);

/** The new place: the slot when given, else the start; neither is 400 naming slot_id. */
export function v2RescheduleTarget(input: z.infer<typeof V2RescheduleBody>): RescheduleTarget {
  if (input.slot_id !== undefined) return { slotId: input.slot_id };
  if (input.date === undefined) throw missingField('slot_id');
  if (input.start_time === undefined) throw missingField('start_time');
  const startTime = /^\d{2}:\d{2}$/.test(input.start_time) ? `${input.start_time}:00` : input.start_time;
  return { date: input.date, startTime, calendarId: input.calendar_id };
}
