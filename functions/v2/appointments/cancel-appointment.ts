import { v2Appointment } from '../../../shared/features/booking/http/present';
import { body, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { clientLinkService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/appointments/cancel — cancels by token and frees the place; a second cancel is 409. */
export const handler = defineV2Handler(
  { publishable: true, manage: 'appointment', hasBody: true, body: body({ cancel_token: text(200) }) },
  async ({ entity, body }) => {
    const { appointment, slot } = await clientLinkService().cancelByToken(entity, body.cancel_token);
    return reply(v2Appointment(appointment, slot, body.cancel_token), { message: 'appointment cancelled' });
  },
);
