import { v2Appointment } from '../../../shared/features/booking/http/present';
import { V2RescheduleBody, v2RescheduleTarget } from '../../../shared/features/booking/http/reschedule-body';
import { reply } from '../../../shared/shapes/reply';
import { clientLinkService, defineV2Handler } from '../../../shared/wiring';

/**
 * POST /api/v2/appointments/reschedule — moves the appointment a cancel token names to another slot (or
 * start): the new place is taken and the old one freed in one transaction; 409 when taken, nothing changes.
 */
export const handler = defineV2Handler(
  {
    publishable: true,
    manage: 'appointment',
    bookingLimit: 'always',
    hasBody: true,
    body: V2RescheduleBody,
  },
  async ({ entity, body }) => {
    const { appointment, slot } = await clientLinkService().rescheduleByToken(
      entity,
      body.cancel_token,
      v2RescheduleTarget(body),
    );
    return reply(v2Appointment(appointment, slot, body.cancel_token), { message: 'appointment rescheduled' });
  },
);
