import { forbidden } from '../../../shared/core/errors';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, passkeyService } from '../../../shared/wiring';

/** POST /api/v2/passkeys/options — the WebAuthn options of a new passkey for the signed-in member. */
export const handler = defineV2Handler({ hasBody: true, staffSession: true }, async ({ entity, staff }) => {
  if (!staff) throw forbidden('a passkey is registered by a signed-in person');
  return reply(await passkeyService().registrationOptions(entity.entityId, staff), {
    message: 'passkey options for a new passkey',
  });
});
