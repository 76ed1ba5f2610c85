/** The booking's record of the v2 entity API: an appointment (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { count, date, id, named, time } from '../../../shapes/common';
import { STATUSES } from '../domain/appointment';

export const V2Appointment = named(
  z.strictObject({
    id: id(),
    client_id: id(),
    slot_id: id(),
    status: z.enum(STATUSES),
    cancel_token: z.string(),
    client_name: z.string(),
    client_phone: z.string(),
    client_email: z.string().optional(),
    contract_number: z.string().optional(),
    date: date(),
    start_time: time(),
    end_time: time(),
    max_appointments: count(),
    available_slots: count(),
    service_id: id().optional(),
    calendar_id: id().optional(),
    slot_ids: z.array(id()).min(1).optional(),
  }),
  'V2Appointment',
  "A booking: confirmed when made, cancelled after a cancel. cancel_token is issued at booking (an opaque string of at most 200 URL-safe characters, ct_ followed by the entity, the appointment id and 256 random bits; only its SHA-256 is kept); client_email and contract_number are present when supplied; the capacities are the slot's after the write (for a service, its first slot's). An appointment of a service also has service_id, calendar_id and slot_ids (every slot it holds a place in; slot_id is the first), and end_time is start_time + the service's duration.",
);

export type V2Appointment = z.infer<typeof V2Appointment>;
