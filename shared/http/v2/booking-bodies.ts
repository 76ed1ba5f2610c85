import type * as z from 'zod';
import { STATUSES, splitClientName } from '../../domain/booking/appointment';
import { isValidEmail } from '../../domain/contact/email-syntax';
import { toE164 } from '../../domain/contact/phone';
import type { EntityContext } from '../../domain/entity';
import { invalidField } from '../../domain/errors';
import type { BookingRequest } from '../../services/booking/booking-rules';
import { body, id, oneOf, text } from '../input/fields';

/** POST /api/v2/appointments: the one schema of this body. */
export const V2BookingBody = body({
  client_name: text(100),
  client_phone: text(64),
  slot_id: id(),
  client_email: text(254).optional(),
  contract_number: text(64).optional(),
});

/** POST /api/appointment: the one schema of this body. */
export const V1BookingBody = body({
  calendar_id: id(),
  slot_id: id(),
  client_firstname: text(100),
  client_lastname: text(100),
  client_email: text(254),
  client_phone: text(64),
  status: oneOf(STATUSES).optional(),
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

/** A v2 booking as the service takes it: a confirmed appointment of the default calendar (docs/CONTRACT.md#two-apis-one-data-model). */
export function v2BookingRequest(
  entity: EntityContext,
  input: z.infer<typeof V2BookingBody>,
): BookingRequest {
  const phone = e164(input.client_phone);
  const { firstname, lastname } = splitClientName(input.client_name);
  return {
    calendarId: entity.settings.default_calendar_id,
    slotId: input.slot_id,
    firstname,
    lastname,
    email: input.client_email === undefined ? null : email(input.client_email),
    phone,
    contractNumber: input.contract_number ?? null,
    status: 'confirmed',
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
