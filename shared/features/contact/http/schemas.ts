/** The verdicts of the v2 validation routes (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { named } from '../../../shapes/common';

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

export type V2PhoneVerdict = z.infer<typeof V2PhoneVerdict>;
export type V2EmailVerdict = z.infer<typeof V2EmailVerdict>;
