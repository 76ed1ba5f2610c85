import { v2ManagedAppointment } from '../../../shared/features/pages/http/present';
import { body, text } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, clientLinkService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/appointments/lookup — the appointment a cancel token names (the manage page), with its
 * service's price; unknown 404.
 */
export const handler = defineV2Handler(
  { publishable: true, manage: 'appointment', hasBody: true, body: body({ cancel_token: text(200) }) },
  async ({ entity, body }) => {
    const found = await clientLinkService().lookupByToken(entity, body.cancel_token);
    const serviceId = found.appointment.service_id;
    const service = serviceId === undefined ? null : await catalogService().findService(entity, serviceId);
    return reply(v2ManagedAppointment(entity.settings, { ...found, service }, body.cancel_token), {
      message: 'appointment',
    });
  },
);
