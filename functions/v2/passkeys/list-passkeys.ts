import { forbidden } from '../../../shared/core/errors';
import { counted, reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, passkeyService } from '../../../shared/wiring';

/** GET /api/v2/passkeys — the signed-in member's passkeys (their names and dates, never a key). */
export const handler = defineV2Handler({ staffSession: true }, async ({ entity, staff }) => {
  if (!staff) throw forbidden('passkeys belong to a signed-in person');
  const passkeys = (await passkeyService().list(entity.entityId, staff)).map((p) => toTheSecond(p));
  return reply(passkeys, { message: counted(passkeys.length, 'passkey') });
});
