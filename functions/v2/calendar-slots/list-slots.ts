import { date, params } from '../../../shared/http/fields';
import { v2Slot } from '../../../shared/http/present-v2';
import { reply } from '../../../shared/http/reply';
import { defineV2Handler, slotService } from '../../../shared/wiring';

/** GET /api/v2/calendar-slots?date= — the date's slots with available_slots. */
export const handler = defineV2Handler(
  { api: 'v2', query: params({ date: date() }) },
  async ({ entity, query }) => {
    const slots = await slotService().listDate(entity, query.date);
    return reply(slots.map(v2Slot), {
      message: slots.length ? `${slots.length} slots` : 'no slots for this date',
    });
  },
);
