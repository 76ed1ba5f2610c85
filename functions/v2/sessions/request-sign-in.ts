import { SignInBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, sessionService } from '../../../shared/wiring';

/**
 * POST /api/v2/sessions — e-mails a one-time sign-in link to a staff member's address; 202 whether the
 * address is one or not (no hint), 429 past the sign-in limits.
 */
export const handler = defineV2Handler(
  { auth: 'none', hasBody: true, body: SignInBody },
  async ({ body, visitor }) => {
    await sessionService().requestLink({ email: body.email, account: body.account, visitor });
    return reply([], {
      status: 202,
      message: 'if this address is a staff member of the account, a sign-in link is on its way',
    });
  },
);
