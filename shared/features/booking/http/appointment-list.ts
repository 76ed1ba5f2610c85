/**
 * The business's v2 appointments (docs/CONTRACT.md#appointments): the list's query, the change's body, and
 * the record both answer (its schema, zod's classic flavour, for the OpenAPI document alone: ./appointment-list-schemas.ts).
 */
import type * as z from 'zod';
import { isoInZone } from '../../../core/dates';
import { missingField } from '../../../core/errors';
import {
  body,
  clockTime,
  date,
  described,
  id,
  int,
  oneOf,
  optional,
  params,
  text,
} from '../../../shapes/fields';
import { oneGroupOf } from '../../../shapes/rules';
import { type AppointmentRecord, joinClientName, STATUSES } from '../domain/appointment';
import type { RescheduleTarget } from '../services/move-target';
import type { V2AppointmentItem } from './appointment-list-schemas';

/** GET /api/v2/appointments: start dates from and to (inclusive), a calendar, a status, a page. */
export const V2AppointmentListQuery = params({
  from: date(),
  to: date(),
  calendar_id: optional(id()),
  status: optional(oneOf(STATUSES)),
  limit: optional(int({ min: 1, max: 100 })),
  cursor: optional(
    described(text(1024), { description: 'the next_cursor of the page before, with the same query' }),
  ),
});

/** POST /api/v2/appointments/update: the appointment, and a move (slot, or start) and/or a status. */
export const V2AppointmentUpdateBody = described(
  body({
    appointment_id: id(),
    slot_id: optional(id()),
    date: optional(date()),
    start_time: optional(clockTime()),
    calendar_id: optional(id()),
    status: optional(oneOf(STATUSES)),
  }),
  oneGroupOf(['slot_id'], ['date', 'start_time'], ['status']),
);

/**
 * The move a change asks, if any: the slot when given (of calendar_id when sent), else the start on that
 * date in calendar_id (the appointment's when absent). Half a start is 400 naming the missing field, and
 * neither a move nor a status 400 `slot_id or status: is required`.
 */
export function v2MoveOf(input: z.infer<typeof V2AppointmentUpdateBody>): RescheduleTarget | undefined {
  if (input.slot_id !== undefined) return { slotId: input.slot_id, calendarId: input.calendar_id };
  if (input.date === undefined && input.start_time === undefined) {
    if (input.status === undefined) throw missingField('slot_id or status');
    return undefined;
  }
  if (input.date === undefined) throw missingField('date');
  if (input.start_time === undefined) throw missingField('start_time');
  return { date: input.date, startTime: input.start_time, calendarId: input.calendar_id };
}

/** The business's record of an appointment; its stamps in the entity's time zone. */
export const v2AppointmentItem = (
  a: AppointmentRecord,
  calendarName: string,
  timezone: string,
): V2AppointmentItem => ({
  id: a.appointment_id,
  status: a.status,
  date: a.date,
  start_time: a.start_time,
  end_time: a.end_time,
  calendar_id: a.calendar_id,
  calendar_name: calendarName,
  slot_id: a.slot_id,
  slot_ids: a.slot_ids && a.slot_ids.length > 0 ? a.slot_ids : [a.slot_id],
  client_id: a.client_id,
  client_name: joinClientName(a.client_firstname, a.client_lastname),
  client_phone: a.client_phone,
  client_email: a.client_email,
  contract_number: a.contract_number,
  service_id: a.service_id ?? null,
  service_name: a.service_name ?? null,
  created_at: isoInZone(new Date(a.created_at), timezone),
  updated_at: isoInZone(new Date(a.updated_at), timezone),
  changed_by: a.changed_by ?? null,
});
