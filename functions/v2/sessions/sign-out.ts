import { forbidden } from '../../../shared/core/errors';
import { clearedCookie } from '../../../shared/features/people/domain/sessions';
import { SignOutBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, publicBase, sessionService } from '../../../shared/wiring';

/** POST /api/v2/sessions/delete — signs out: this session, or with `{"everywhere": true}` all of the person's. */
export const handler = defineV2Handler(
  { hasBody: true, body: SignOutBody, staffSession: true },
  async ({ entity, staff, session, body }) => {
    if (!staff || !session) throw forbidden('signing out needs a session');
    await sessionService().signOut(
      session.token,
      { entityId: entity.entityId, staff },
      body.everywhere === true,
    );
    return reply([], {
      message: body.everywhere ? 'signed out everywhere' : 'signed out',
      headers: { 'set-cookie': clearedCookie(publicBase()) },
    });
  },
);
