import { missingField } from '../../../shared/core/errors';
import { STATUSES } from '../../../shared/features/booking/domain/appointment';
import { idPath } from '../../../shared/features/v1-reads/http/params';
import { v1Appointment } from '../../../shared/features/v1-reads/http/present';
import { body, described, id, oneOf, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { oneGroupOf } from '../../../shared/shapes/rules';
import { defineV1Handler, v1Writes } from '../../../shared/wiring';

const Body = described(
  body({ slot_id: optional(id()), status: optional(oneOf(STATUSES)) }),
  oneGroupOf(['slot_id'], ['status']),
);

/** PUT /api/appointment/{id} — a new status and/or slot; neither is 400 MISSING_REQUIRED_FIELD. */
export const handler = defineV1Handler(
  { debugMode: true, bookingLimit: 'when-moving', hasBody: true, path: idPath, body: Body },
  async (input) => {
    const { entity, booking, queries } = v1Writes(input);
    if (input.body.slot_id === undefined && input.body.status === undefined)
      throw missingField('slot_id or status');
    await booking.update(entity, input.path.id, { slotId: input.body.slot_id, status: input.body.status });
    const view = await queries.appointment(entity, input.path.id);
    return reply(
      { appointment: v1Appointment(view, entity.settings.timezone) },
      { message: 'appointment updated' },
    );
  },
);
