import { v2Slot } from '../../../shared/features/schedule/http/present';
import { CAPACITY_BOUNDS } from '../../../shared/features/settings/domain/entity';
import { body, date, id, int, oneOf, optional } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, slotService } from '../../../shared/wiring';

const Body = body({
  slot_id: id(),
  status: optional(oneOf(['open', 'closed'])),
  max_appointments: optional(int(CAPACITY_BOUNDS)),
  available_slots: optional(int({ min: 0, max: CAPACITY_BOUNDS.max })),
  date: optional(date()),
  calendar_id: optional(id()),
});

/** POST /api/v2/calendar-slots/update — status and capacity; data is the slot, or the date's slots when `date` is sent. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const slot = await slotService().update(entity, body);
  if (body.date === undefined) return reply(v2Slot(slot), { message: 'slot updated' });
  const slots = await slotService().listDate(entity, body.date, slot.calendar_id);
  return reply(slots.map(v2Slot), { message: 'slot updated' });
});
