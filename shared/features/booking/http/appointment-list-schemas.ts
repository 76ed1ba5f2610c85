/**
 * The schemas of the business's v2 appointments as answered (docs/CONTRACT.md#appointments), in zod's
 * classic flavour: read by the OpenAPI document only, never by a function (test/infra/bundle-size.test.ts).
 */
import * as z from 'zod';
import { date as dateOut, id as idOut, named, stamp, time } from '../../../shapes/common';
import { STATUSES } from '../domain/appointment';

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
