import { validateEmail } from '../../../shared/features/contact/domain/email';
import { v2EmailVerdict } from '../../../shared/features/contact/http/present';
import { body, oneOf, optional, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler } from '../../../shared/wiring';

const Body = body({ email: text(254), validation_type: optional(oneOf(['all', 'nofreeemail'])) });

/** POST /api/v2/validation/email — 200 with the verdict; 400 only for a malformed request. */
export const handler = defineV2Handler({ publishable: true, hasBody: true, body: Body }, async ({ body }) => {
  const verdict = validateEmail(body.email, body.validation_type ?? 'all');
  return verdict.valid
    ? reply(v2EmailVerdict(verdict), { message: 'valid e-mail address' })
    : reply(v2EmailVerdict(verdict), { success: false, message: verdict.message });
});
