/** The people routes' request bodies (docs/CONTRACT.md#staff-and-sessions). */
import type * as z from 'zod/mini';
import { body, bool, converted, described, fail, oneOf, optional, text } from '../../../shapes/fields';
import { ROLES } from '../domain/staff';

/** An e-mail address (the service checks its shape: 400 naming `email`). */
const email = () =>
  described(text(254), { format: 'email', description: 'an e-mail address (compared lower-cased)' });

/** The calendars a staff member is given: 0 to 50 calendar ids. */
const calendarIds = () =>
  described(
    converted((value, ctx): number[] => {
      if (!Array.isArray(value) || value.length > 50)
        return fail(ctx, 'must be a list of up to 50 calendar ids');
      if (
        !value.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= 9_999_999_999)
      )
        return fail(ctx, 'must be a list of calendar ids (positive integers)');
      return value as number[];
    }),
    { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 50 },
  );

export const NewStaffBody = body({
  email: email(),
  role: oneOf(ROLES),
  calendar_ids: optional(calendarIds()),
});

export const StaffUpdateBody = body({
  email: email(),
  role: optional(oneOf(ROLES)),
  calendar_ids: optional(calendarIds()),
});

export const StaffDeleteBody = body({ email: email() });

/** The account is the entity's account id; the address is the staff member's. */
export const SignInBody = body({ email: email(), account: text(64) });

/** The token of a sign-in link (from the fragment of `<base>/console/sign-in#<token>`). */
export const VerifyBody = body({
  token: described(
    converted((value, ctx): string =>
      typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value.trim())
        ? value.trim()
        : fail(ctx, 'must be the token of a sign-in link'),
    ),
    {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{43}$',
      description: 'the token of the link (43 base64url characters)',
    },
  ),
});

export const SignOutBody = body({ everywhere: optional(bool()) });

/** The browser's WebAuthn answer, as @simplewebauthn/browser gives it (JSON). */
const webAuthnAnswer = () =>
  described(
    converted(
      (value, ctx): Record<string, unknown> =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : fail(ctx, "must be the browser's WebAuthn answer (an object)"),
    ),
    { type: 'object', description: "the browser's answer to the options (navigator.credentials), as JSON" },
  );

export const NewPasskeyBody = body({ response: webAuthnAnswer(), name: optional(text(100)) });
export const PasskeySignInBody = body({ response: webAuthnAnswer() });

export type NewStaffBody = z.infer<typeof NewStaffBody>;
