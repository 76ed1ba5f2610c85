import { sessionCookie } from '../../../shared/features/people/domain/sessions';
import { VerifyBody } from '../../../shared/features/people/http/bodies';
import { presentMe } from '../../../shared/features/people/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, publicBase, sessionService } from '../../../shared/wiring';

/** POST /api/v2/sessions/verify — a sign-in link's token (once, 15 minutes) opens a session: its cookie. */
export const handler = defineV2Handler(
  { auth: 'none', hasBody: true, body: VerifyBody },
  async ({ body }) => {
    const session = await sessionService().verify(body.token);
    return reply(presentMe(session.entityId, session.staff), {
      message: 'signed in',
      // A session's cookie and its person: no cache may keep them (a route without a token gets no no-store).
      headers: { 'set-cookie': sessionCookie(publicBase(), session.token), 'cache-control': 'no-store' },
    });
  },
);
