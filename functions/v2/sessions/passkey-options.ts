import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, passkeyService } from '../../../shared/wiring';

/** POST /api/v2/sessions/passkey/options — the WebAuthn options of a sign-in with a passkey (no credential). */
export const handler = defineV2Handler({ auth: 'none', hasBody: true }, async () =>
  reply(await passkeyService().signInOptions(), { message: 'passkey sign-in options' }),
);
