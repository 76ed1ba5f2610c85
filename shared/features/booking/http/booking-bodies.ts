import type { APIGatewayProxyEventV2 as Event } from 'aws-lambda';
import type * as z from 'zod';
import { invalidField, missingField } from '../../../core/errors';
import { body, clockTime, date, described, id, oneOf, optional, text } from '../../../shapes/fields';
import { readJsonBody } from '../../../shapes/json-body';
import { conditional, needs, PHONE } from '../../../shapes/rules';
import type { EntityContext } from '../../access';
import { isValidEmail, toE164 } from '../../contact';
import { STATUSES, splitClientName } from '../domain/appointment';
import type { BookingRequest, ServiceBookingRequest } from '../services/booking-rules';

/** POST /api/v2/appointments: the one schema of this body. */
export const V2BookingBody = described(
  body({
    client_name: text(100),
    client_phone: described(text(64), PHONE),
    /** Required unless service_id is sent. */
    slot_id: optional(id()),
    client_email: optional(text(254)),
    contract_number: optional(text(64)),
    // A service booking (docs/CONTRACT.md#services-and-staff): service_id, date and start_time instead of slot_id.
    service_id: optional(id()),
    date: optional(date()),
    start_time: optional(clockTime()),
    calendar_id: optional(id()),
  }),
  // A service booking needs its date and start_time; any other, its slot_id.
  conditional(
    needs({ service_id: 'integer' }),
    needs({ date: 'string', start_time: 'string' }),
    needs({ slot_id: 'integer' }),
  ),
);

/** POST /api/appointment: the one schema of this body. */
export const V1BookingBody = body({
  calendar_id: id(),
  slot_id: id(),
  client_firstname: text(100),
  client_lastname: text(100),
  client_email: text(254),
  client_phone: described(text(64), PHONE),
  status: optional(oneOf(STATUSES)),
});

const e164 = (phone: string): string => {
  const parsed = toE164(phone);
  if (!parsed) throw invalidField('client_phone', 'not a valid phone number');
  return parsed;
};
const email = (address: string): string => {
  if (!isValidEmail(address)) throw invalidField('client_email', 'not a valid e-mail address');
  return address;
};

/**
 * A v2 booking as the service takes it: a confirmed appointment (docs/CONTRACT.md#two-apis-one-data-model)
 * in the slot's calendar, which must be `calendar_id` when sent (docs/CONTRACT.md#services-and-staff).
 */
export function v2BookingRequest(
  entity: EntityContext,
  input: z.infer<typeof V2BookingBody>,
): BookingRequest {
  if (input.slot_id === undefined) throw missingField('slot_id');
  return {
    calendarId: input.calendar_id ?? entity.settings.default_calendar_id,
    anyCalendar: input.calendar_id === undefined,
    slotId: input.slot_id,
    ...v2Client(input),
  };
}

/** The client of a v2 booking, whichever way it books: a confirmed appointment; phone, then e-mail, checked. */
function v2Client(input: z.infer<typeof V2BookingBody>) {
  const phone = e164(input.client_phone);
  const { firstname, lastname } = splitClientName(input.client_name);
  return {
    firstname,
    lastname,
    email: input.client_email === undefined ? null : email(input.client_email),
    phone,
    contractNumber: input.contract_number ?? null,
    status: 'confirmed' as const,
  };
}

/**
 * A v2 slot booking read from the raw event before its token is checked, for its prefetch (the stack reads
 * and checks the body again, after the token): undefined when the body is not a valid slot booking.
 */
export function v2BookingAhead(entity: EntityContext, event: Event): BookingRequest | undefined {
  const parsed = V2BookingBody.safeParse(readJsonBody(event));
  if (!parsed.success || parsed.data.service_id !== undefined) return undefined;
  return v2BookingRequest(entity, parsed.data);
}

/** The v1 booking read from the raw event before its token is checked, for its prefetch (as above). */
export function v1BookingAhead(event: Event): BookingRequest | undefined {
  const parsed = V1BookingBody.safeParse(readJsonBody(event));
  return parsed.success ? v1BookingRequest(parsed.data) : undefined;
}

/** A v2 booking of a service (service_id, date, start_time, calendar_id or "anyone"). */
export function v2ServiceBookingRequest(input: z.infer<typeof V2BookingBody>): ServiceBookingRequest {
  if (input.date === undefined) throw missingField('date');
  if (input.start_time === undefined) throw missingField('start_time');
  return {
    serviceId: input.service_id ?? 0,
    date: input.date,
    startTime: input.start_time,
    calendarId: input.calendar_id,
    ...v2Client(input),
  };
}

/** A v1 booking as the service takes it (default status confirmed); phone, then e-mail, are checked first. */
export function v1BookingRequest(input: z.infer<typeof V1BookingBody>): BookingRequest {
  const phone = e164(input.client_phone);
  return {
    calendarId: input.calendar_id,
    slotId: input.slot_id,
    firstname: input.client_firstname,
    lastname: input.client_lastname,
    email: email(input.client_email),
    phone,
    contractNumber: null,
    status: input.status ?? 'confirmed',
  };
}
