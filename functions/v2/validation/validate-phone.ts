import { validatePhone } from '../../../shared/features/contact/domain/phone';
import { v2PhoneVerdict } from '../../../shared/features/contact/http/present';
import { body, oneOf, optional, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler } from '../../../shared/wiring';

const Body = body({ phone_number: text(64), validation_type: optional(oneOf(['all', 'mobiles'])) });

/** POST /api/v2/validation/phone — 200 with the verdict; 400 only for a malformed request. */
export const handler = defineV2Handler({ publishable: true, hasBody: true, body: Body }, async ({ body }) => {
  const verdict = validatePhone(body.phone_number, body.validation_type ?? 'all');
  return verdict.valid
    ? reply(v2PhoneVerdict(verdict), { message: 'valid phone number' })
    : reply(v2PhoneVerdict(verdict), { success: false, message: verdict.message });
});
