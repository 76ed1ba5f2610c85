import { forbidden } from '../../../shared/core/errors';
import { NewPasskeyBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, passkeyService } from '../../../shared/wiring';

/** POST /api/v2/passkeys — keeps the passkey the browser made for the options given (once, 5 minutes). */
export const handler = defineV2Handler(
  { hasBody: true, body: NewPasskeyBody, staffSession: true },
  async ({ entity, staff, body }) => {
    if (!staff) throw forbidden('a passkey is registered by a signed-in person');
    const passkey = await passkeyService().register(entity.entityId, staff, body);
    return reply(toTheSecond(passkey), { message: 'passkey added' });
  },
);
