import { forbidden } from '../../../shared/core/errors';
import { presentMe } from '../../../shared/features/people/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/me — who the session is: address, role, account and calendars (a token is no person: 403). */
export const handler = defineV2Handler({ staffSession: true }, async ({ entity, staff }) => {
  if (!staff) throw forbidden('GET /me answers a staff member’s session, not a token');
  return reply(presentMe(entity.entityId, staff), { message: 'signed in' });
});
