import { missingField } from '../../../shared/core/errors';
import { v2Slot } from '../../../shared/features/schedule/http/present';
import { bool, date, id, optional, params } from '../../../shared/shapes/fields';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, linkOpens, slotService } from '../../../shared/wiring';

const Query = params({
  date: optional(date()),
  from: optional(date()),
  to: optional(date()),
  available: optional(bool()),
  calendar_id: optional(id()),
});

/**
 * GET /api/v2/calendar-slots?date= — the date's slots with available_slots; ?from=&to= — every date of the
 * range (at most 62 days) by date and start time; &available=true keeps the slots a booking could take now (open, a
 * place left, starting later than now in the calendar's zone).
 * &calendar_id= another of the entity's calendars than the default one (a staff member's session: one of
 * theirs, 403 otherwise; their first without it).
 */
export const handler = defineV2Handler(
  { publishable: true, manage: true, opens: linkOpens, query: Query },
  async ({ entity, query, staff }) => {
    const { date: day, from, to } = query;
    // A staff member's session without a filter reads their own (first) calendar, not the default one.
    const calendarId = query.calendar_id ?? staff?.calendarIds[0];
    if (!day && (from || to)) {
      if (!from) throw missingField('from', 'INVALID_PARAMETER');
      if (!to) throw missingField('to', 'INVALID_PARAMETER');
    } else if (!day) throw missingField('date', 'INVALID_PARAMETER');
    const available = query.available ?? false;
    const slots = day
      ? await slotService().listDate(entity, day, calendarId, available)
      : await slotService().listRange({
          entity,
          from: from ?? '',
          to: to ?? '',
          calendarId,
          available,
        });
    const none = day ? 'no slots for this date' : 'no slots in this range';
    return reply(slots.map(v2Slot), { message: slots.length ? counted(slots.length, 'slot') : none });
  },
);
