/** The records of the v2 entity API (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { STATUSES } from '../../features/booking';
import { WEEKDAYS } from '../../features/schedule';
import { count, date, id, named, time } from '../../shapes/common';

export const V2OpeningHours = named(
  z.strictObject({
    day_of_week: z.enum(WEEKDAYS as ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']),
    start_time1: time().nullable(),
    end_time1: time().nullable(),
    start_time2: time().nullable(),
    end_time2: time().nullable(),
    is_open: z.int().min(0).max(1),
  }),
  'V2OpeningHours',
  'Opening hours of one weekday. A closed weekday has is_open 0 and all four times null; a day with one period has start_time2 and end_time2 null.',
);

export const V2Periods = named(
  z.strictObject({
    start_time1: time().nullable(),
    end_time1: time().nullable(),
    start_time2: time().nullable(),
    end_time2: time().nullable(),
  }),
  'V2Periods',
  'The periods of an open date (start_time2 and end_time2 are null when the day has one period).',
);

export const V2Holiday = named(
  z.strictObject({ name: z.string(), date: date() }),
  'V2Holiday',
  "A public holiday of the entity's country, or a closure day the entity added.",
);

export const V2CheckDate = named(
  z.strictObject({
    is_open: z.boolean(),
    is_holiday: z.boolean(),
    opening_hours: V2Periods.nullable(),
    holiday: V2Holiday.nullable(),
  }),
  'V2CheckDate',
  'Whether a date is open: opening_hours is null when closed, holiday is null when the date is not a holiday.',
);

export const V2Slot = named(
  z.strictObject({
    id: id(),
    date: date(),
    start_time: time(),
    end_time: time(),
    status: z.enum(['open', 'closed']),
    max_appointments: count(),
    available_slots: count(),
  }),
  'V2Slot',
  'A slot of the default calendar: max_appointments is its capacity, available_slots the places left.',
);

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
  "A booking: confirmed when made, cancelled after a cancel. cancel_token is issued at booking; client_email and contract_number are present when supplied; the capacities are the slot's after the write (for a service, its first slot's). An appointment of a service also has service_id, calendar_id and slot_ids (every slot it holds a place in; slot_id is the first), and end_time is start_time + the service's duration.",
);

export const V2PhoneVerdict = named(
  z.union([
    z.strictObject({
      valid: z.literal(true),
      formatted: z.string(),
      e164: z.string(),
      is_mobile: z.boolean(),
    }),
    z.strictObject({ valid: z.literal(false), message: z.string() }),
  ]),
  'V2PhoneVerdict',
  'The verdict on a French phone number: formatted in pairs (06 12 34 56 78) and E.164 when valid, the reason when not.',
);

export const V2EmailVerdict = named(
  z.union([
    z.strictObject({ valid: z.literal(true) }),
    z.strictObject({ valid: z.literal(false), message: z.string() }),
  ]),
  'V2EmailVerdict',
  'The verdict on an e-mail address: syntax, and with nofreeemail the free providers.',
);

export type V2OpeningHours = z.infer<typeof V2OpeningHours>;
export type V2Periods = z.infer<typeof V2Periods>;
export type V2Holiday = z.infer<typeof V2Holiday>;
export type V2CheckDate = z.infer<typeof V2CheckDate>;
export type V2Slot = z.infer<typeof V2Slot>;
export type V2Appointment = z.infer<typeof V2Appointment>;
export type V2PhoneVerdict = z.infer<typeof V2PhoneVerdict>;
export type V2EmailVerdict = z.infer<typeof V2EmailVerdict>;
