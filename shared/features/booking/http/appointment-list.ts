/**
 * The business's v2 appointments (docs/CONTRACT.md#appointments): the list's query, the change's body, and
 * the record both answer.
 */
import * as z from 'zod';
import { isoInZone } from '../../../core/dates';
import { missingField } from '../../../core/errors';
import { date as dateOut, id as idOut, named, stamp, time } from '../../../shapes/common';
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

export const V2AppointmentItem = named(
  z.strictObject({
    id: idOut(),
    status: z.enum(STATUSES),
    date: dateOut(),
    start_time: time(),
    end_time: time(),
    calendar_id: idOut(),
    calendar_name: z.string(),
    slot_id: idOut(),
    slot_ids: z.array(idOut()).min(1),
    client_id: idOut(),
    client_name: z.string(),
    client_phone: z.string(),
    client_email: z.string().nullable(),
    contract_number: z.string().nullable(),
    service_id: idOut().nullable(),
    service_name: z.string().nullable(),
    created_at: stamp(),
    updated_at: stamp(),
    changed_by: z.string().nullable().meta({
      description:
        "Who made the last change: token, key, client (the client's own link) or a staff member's e-mail (docs/CONTRACT.md#staff-and-sessions); null when made before it was kept.",
    }),
  }),
  'V2AppointmentItem',
  "An appointment as the business sees it: its status (pending, confirmed, cancelled, completed or no_show), its start and end in its calendar's time zone, the calendar (the staff member) and every slot it holds a place in (slot_id is the first), the client's name, phone and e-mail as booked, and its service (null for a slot booking). No cancel token: the client's link is the client's.",
);
export type V2AppointmentItem = z.infer<typeof V2AppointmentItem>;

export const V2AppointmentPage = named(
  z.strictObject({
    appointments: z.array(V2AppointmentItem),
    next_cursor: z.string().nullable(),
  }),
  'V2AppointmentPage',
  'One page of appointments by start (date, start time, id); next_cursor, sent back as cursor with the same query, gives the next page (null on the last one).',
);

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
