/** The v2 people routes: staff accounts, sign-in and sessions (docs/CONTRACT.md#staff-and-sessions). */
import * as z from 'zod';
import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2Me, V2Passkey, V2StaffMember, V2WebAuthnOptions } from './http/schemas';

const member = {
  email: 'ana@salon.example',
  role: 'staff',
  calendar_ids: [3],
  created_at: '2026-11-28T10:00:00+00:00',
  updated_at: '2026-11-28T10:00:00+00:00',
};
const OWNER_ONLY = 'The v2 token or an owner’s session (a staff member’s session: 403).';

export const V2_PEOPLE_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'GET /api/v2/staff': {
    summary: 'Staff members',
    description: `The entity's staff members, by address. ${OWNER_ONLY}`,
    tag: 'v2 staff',
    answer: v2Answer(z.array(V2StaffMember), 'V2StaffListAnswer', 'The staff members.'),
    example: [member],
    errors: {},
  },
  'POST /api/v2/staff': {
    summary: 'Add a staff member',
    description: `An e-mail address with a role: owner (everything the v2 token may do) or staff (only the calendars of calendar_ids, at least one). The address is compared lower-cased; it signs in with POST /api/v2/sessions. ${OWNER_ONLY}`,
    tag: 'v2 staff',
    answer: v2Answer(V2StaffMember, 'V2StaffAnswer', 'The staff member.'),
    example: member,
    errors: {
      400: [
        'email: must be an e-mail address',
        'calendar_ids: a staff member needs at least one calendar',
        'calendar_ids: calendar 9 not found',
      ],
      409: ['a staff member with this e-mail exists'],
    },
  },
  'POST /api/v2/staff/update': {
    summary: 'Change a staff member',
    description: `Changes the role and/or the calendars of the member of that address; their sessions see the change at their next request. The last owner cannot be made staff. ${OWNER_ONLY}`,
    tag: 'v2 staff',
    answer: v2Answer(V2StaffMember, 'V2StaffUpdateAnswer', 'The staff member as changed.'),
    example: { ...member, calendar_ids: [3, 4] },
    errors: {
      400: ['email: must be an e-mail address', 'calendar_ids: calendar 9 not found'],
      404: ['staff member not found'],
      409: ['the last owner cannot be removed or made staff'],
    },
  },
  'POST /api/v2/staff/delete': {
    summary: 'Remove a staff member',
    description: `Removes the member of that address: their sessions and sign-in links stop at once. The last owner cannot be removed. ${OWNER_ONLY}`,
    tag: 'v2 staff',
    answer: v2Answer(V2StaffMember, 'V2StaffDeleteAnswer', 'The staff member removed.'),
    example: member,
    errors: { 404: ['staff member not found'], 409: ['the last owner cannot be removed or made staff'] },
  },
  'POST /api/v2/sessions': {
    summary: 'E-mail a sign-in link',
    description:
      'No credential. Always 202, whether the address is a staff member of the account or not: when it is, a one-time link `<public base>/console/sign-in#<token>` is e-mailed to it (15 minutes, single use; only its hash is stored), the way client e-mails go (SES, SMTP or the outbox). Limited to 5 requests per address per 15 minutes and 20 per visitor (network address) per hour: 429 with Retry-After beyond.',
    tag: 'v2 staff',
    answer: v2Answer(emptyArray(), 'V2SignInAnswer', 'Accepted (202).'),
    example: [],
    errors: {
      400: ['email: is required', 'account: is required'],
      429: ['too many requests, retry in 840 s'],
    },
  },
  'POST /api/v2/sessions/verify': {
    summary: 'Open a session with a sign-in link',
    description:
      'No credential. The token of an e-mailed link (once, within 15 minutes) opens a session: 200 with `Set-Cookie: session=<token>; HttpOnly; SameSite=Strict; Path=/` (on https `__Host-session=…; HttpOnly; Secure; SameSite=Strict; Path=/`), and Max-Age of 30 days. The session is kept server-side by its hash; it ends after 12 hours unused or 30 days in all. The cookie is then the credential of the v2 routes the person may use.',
    tag: 'v2 staff',
    answer: v2Answer(V2Me, 'V2VerifyAnswer', 'Who the new session is.'),
    example: { email: 'ana@salon.example', role: 'staff', account: 'salon', calendar_ids: [3] },
    errors: { 401: ['sign-in link invalid, used or expired'] },
  },
  'GET /api/v2/me': {
    summary: 'Who the session is',
    description:
      'A staff member’s session: their address, role, account and calendars (a token is no person: 403).',
    tag: 'v2 staff',
    answer: v2Answer(V2Me, 'V2MeAnswer', 'The staff member.'),
    example: { email: 'ana@salon.example', role: 'staff', account: 'salon', calendar_ids: [3] },
    errors: { 403: ['GET /me answers a staff member’s session, not a token'] },
  },
  'POST /api/v2/sessions/delete': {
    summary: 'Sign out',
    description:
      'Ends this session (its cookie is cleared), or with `{"everywhere": true}` every session of the person. Needs the session, and an Origin of the API’s public address (403 otherwise).',
    tag: 'v2 staff',
    answer: v2Answer(emptyArray(), 'V2SignOutAnswer', 'Signed out.'),
    example: [],
    errors: {
      403: ['signing out needs a session', "a session's change needs the Origin of the API's public address"],
    },
  },
  'POST /api/v2/passkeys/options': {
    summary: 'Options of a new passkey',
    description:
      'A signed-in person’s session (a token is no person: 403): the WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON, as @simplewebauthn/browser’s startRegistration takes them) for a passkey of this site, their own passkeys excluded. The challenge works once, for 5 minutes. Passkeys need a public base with a host name (localhost included; an IP address is no relying party: 400).',
    tag: 'v2 staff',
    answer: v2Answer(V2WebAuthnOptions, 'V2PasskeyOptionsAnswer', 'The creation options.'),
    example: { challenge: 'x3bqf4…', rp: { name: 'Booking console', id: 'book.example.com' } },
    errors: {
      413: ['request body is larger than 65536 bytes'],
      400: ['passkeys need a public address with a host name'],
      403: ['a passkey is registered by a signed-in person'],
      409: ['at most 10 passkeys per person'],
    },
  },
  'POST /api/v2/passkeys': {
    summary: 'Add a passkey',
    description:
      'A signed-in person’s session: `{"response", "name"?}`, the browser’s answer to the options (RegistrationResponseJSON). Checked by SimpleWebAuthn against the challenge handed to this person (once), the public base’s origin and host; only the public key and its counter are kept.',
    tag: 'v2 staff',
    answer: v2Answer(V2Passkey, 'V2PasskeyAnswer', 'The passkey kept.'),
    example: { id: 'pWq1…', name: 'Laptop', created_at: '2026-11-28T10:00:00+00:00' },
    errors: {
      400: [
        "response: must be the browser's WebAuthn answer (an object)",
        'response: Unexpected registration response challenge',
      ],
      409: ['this passkey is already registered'],
    },
  },
  'GET /api/v2/passkeys': {
    summary: 'My passkeys',
    description: 'A signed-in person’s session: their passkeys’ ids, names and dates (never a key).',
    tag: 'v2 staff',
    answer: v2Answer(z.array(V2Passkey), 'V2PasskeyListAnswer', 'The passkeys.'),
    example: [{ id: 'pWq1…', name: 'Laptop', created_at: '2026-11-28T10:00:00+00:00' }],
    errors: {},
  },
  'POST /api/v2/sessions/passkey/options': {
    summary: 'Options of a sign-in with a passkey',
    description:
      'No credential: the WebAuthn request options (PublicKeyCredentialRequestOptionsJSON, for startAuthentication); the browser offers the passkeys it holds for this site. The challenge works once, for 5 minutes.',
    tag: 'v2 staff',
    answer: v2Answer(V2WebAuthnOptions, 'V2PasskeySignInOptionsAnswer', 'The request options.'),
    example: { challenge: 'Jq0…', rpId: 'book.example.com', userVerification: 'preferred' },
    errors: {
      413: ['request body is larger than 65536 bytes'],
      400: ['passkeys need a public address with a host name'],
    },
  },
  'POST /api/v2/sessions/passkey': {
    summary: 'Open a session with a passkey',
    description:
      'No credential: `{"response"}`, the browser’s answer (AuthenticationResponseJSON). A passkey of a staff member, signing this site’s unused challenge from the public base’s origin, opens a session exactly as POST /sessions/verify does (the same Set-Cookie and answer); anything else is 401.',
    tag: 'v2 staff',
    answer: v2Answer(V2Me, 'V2PasskeySignInAnswer', 'Who the new session is.'),
    example: { email: 'ana@salon.example', role: 'staff', account: 'salon', calendar_ids: [3] },
    errors: { 401: ['passkey not recognised'] },
  },
};
