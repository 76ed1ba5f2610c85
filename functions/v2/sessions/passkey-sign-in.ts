import { sessionCookie } from '../../../shared/features/people/domain/sessions';
import { PasskeySignInBody } from '../../../shared/features/people/http/bodies';
import { presentMe } from '../../../shared/features/people/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, passkeyService, publicBase, sessionService } from '../../../shared/wiring';

/** POST /api/v2/sessions/passkey — a passkey's answer opens a session, as a sign-in link does. */
export const handler = defineV2Handler(
  { auth: 'none', hasBody: true, body: PasskeySignInBody },
  async ({ body }) => {
    const proved = await passkeyService().signIn(body.response);
    const session = await sessionService().open(proved.entityId, proved.email);
    return reply(presentMe(session.entityId, session.staff), {
      message: 'signed in',
      // A session's cookie and its person: no cache may keep them (a route without a token gets no no-store).
      headers: { 'set-cookie': sessionCookie(publicBase(), session.token), 'cache-control': 'no-store' },
    });
  },
);
