/** The v2 validation routes: a phone number, an e-mail address (docs/CONTRACT.md#v2-in-short). */
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import * as C from './http/schemas';

export const V2_VALIDATION_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'POST /api/v2/validation/phone': {
    summary: 'Validate a phone number as booking does',
    description:
      'Answers 200 with the verdict: success and data.valid true with formatted, e164 and is_mobile, or success false with the reason. A number a booking accepts is valid, whatever its country (written without a country code, it is read as French): a French number is formatted in pairs (06 12 34 56 78), another in its international form (+44 7911 123456). validation_type mobiles refuses a number that is not a mobile (for a French one, numbers outside 06 and 07). 400 only for a malformed request.',
    tag: 'v2 validation',
    answer: v2Answer(C.V2PhoneVerdict, 'V2PhoneVerdictAnswer', 'The verdict.', true),
    example: { valid: true, formatted: '06 12 34 56 78', e164: '+33612345678', is_mobile: true },
    errors: { 400: ['phone_number: is required'] },
  },
  'POST /api/v2/validation/email': {
    summary: 'Validate an e-mail address',
    description:
      'Answers 200 with the verdict: success and data.valid true, or success false with the reason. validation_type nofreeemail refuses free providers. 400 only for a malformed request.',
    tag: 'v2 validation',
    answer: v2Answer(C.V2EmailVerdict, 'V2EmailVerdictAnswer', 'The verdict.', true),
    example: { valid: true },
    errors: { 400: ['email: is required'] },
  },
};
