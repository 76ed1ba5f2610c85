import { body, id, text } from '../../../shared/http/fields';
import { v2Appointment } from '../../../shared/http/present-v2';
import { reply } from '../../../shared/http/reply';
import { bookingService, defineV2Handler } from '../../../shared/wiring';

const Body = body({
  client_name: text(100),
  client_phone: text(64),
  slot_id: id(),
  client_email: text(254).optional(),
  contract_number: text(64).optional(),
});

/** POST /api/v2/appointments — books a place in a slot of the default calendar; returns the record and its cancel token. */
export const handler = defineV2Handler(
  { api: 'v2', publishable: true, bookingLimit: 'always', hasBody: true, idempotent: true, body: Body },
  async ({ entity, body, idempotency }) => {
    const booked = await bookingService().bookV2(entity, body, idempotency);
    return reply(v2Appointment(booked.appointment, booked.slot, booked.cancelToken), {
      message: 'appointment booked',
    });
  },
);
