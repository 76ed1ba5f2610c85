import { v2Slot } from '../../../shared/features/schedule/http/present';
import { CAPACITY_BOUNDS, DURATION_BOUNDS } from '../../../shared/features/settings/domain/entity';
import { body, date, id, int, optional } from '../../../shared/shapes/fields';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, slotGenerator } from '../../../shared/wiring';

const Body = body({
  date: date(),
  duration: optional(int(DURATION_BOUNDS)),
  max_appointments: optional(int(CAPACITY_BOUNDS)),
  calendar_id: optional(id()),
});

/** POST /api/v2/calendar-slots/generate — creates the date's missing slots (of calendar_id, else the default calendar) and returns all of them. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) => {
  const { created, slots } = await slotGenerator().generate(entity, body);
  return reply(slots.map(v2Slot), {
    message: `${counted(created, 'slot')} generated, ${counted(slots.length, 'slot')} on ${body.date}`,
  });
});
