import { v2Appointment } from '../../../shared/features/booking/http/present';
import { body, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { confirmationService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/appointments/confirm — the client confirms a booking pending confirmation by e-mail with
 * its link's cancel token: confirmed (an already confirmed one answers as it is); released or cancelled 409.
 */
export const handler = defineV2Handler(
  { publishable: true, manage: 'appointment', hasBody: true, body: body({ cancel_token: text(200) }) },
  async ({ entity, body }) => {
    const { appointment, slot } = await confirmationService().confirmByToken(entity, body.cancel_token);
    return reply(v2Appointment(appointment, slot, body.cancel_token), { message: 'appointment confirmed' });
  },
);
