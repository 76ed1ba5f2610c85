/** The people routes' answers (docs/CONTRACT.md#staff-and-sessions). */
import * as z from 'zod';
import { named, stamp } from '../../../shapes/common';

export const V2StaffMember = named(
  z.strictObject({
    email: z.string(),
    role: z.enum(['owner', 'staff']),
    calendar_ids: z.array(z.number().int()),
    created_at: stamp(),
    updated_at: stamp(),
  }),
  'V2StaffMember',
  "A staff member: an e-mail address with a role, owner (everything) or staff (only the calendars of calendar_ids; an owner's list is empty).",
);

export const V2Me = named(
  z.strictObject({
    email: z.string(),
    role: z.enum(['owner', 'staff']),
    account: z.string(),
    calendar_ids: z.array(z.number().int()),
  }),
  'V2Me',
  "Who the session is: the staff member's address, role, account and calendars.",
);

export const V2Passkey = named(
  z.strictObject({ id: z.string(), name: z.string(), created_at: stamp() }),
  'V2Passkey',
  'A passkey of the signed-in person: its credential id (base64url), name and date; never its key.',
);

export const V2WebAuthnOptions = named(
  z.looseObject({ challenge: z.string() }),
  'V2WebAuthnOptions',
  'WebAuthn options as JSON (W3C PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON), as @simplewebauthn/browser takes them.',
);
