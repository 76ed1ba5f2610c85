import { AppError, calendarNotFound, slotNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { calendarScopeOf, refuseOutsideScope } from '../../access';
import type { CalendarReader, CalendarRecord, SlotReader, SlotRecord } from '../../schedule';
import { windowOf } from '../../schedule';
import type { BookingSnapshot } from '../ports';
import { type BookingRequest, refuseOutsideWindow, refuseUnbookable } from './booking-rules';

/** What the checks read again strongly: the slot and the calendar, each by its key. */
export interface BookableReads {
  slots: SlotReader;
  calendars: CalendarReader;
  now: () => Date;
}

/**
 * The calendar and slot a booking takes, after the checks a booking answers early: 1. the calendar exists
 * and is active, 2. the slot is in it, 3. a staff member's session books its own calendars only, 4. the slot
 * is open with a free place and not started, 5. inside the booker's window. The transaction enforces the
 * place, the status and the calendar's activity again whatever was read.
 */
function checked(
  entity: EntityContext,
  request: BookingRequest,
  read: { slot: SlotRecord | null; calendar: CalendarRecord | null },
  now: Date,
): { slot: SlotRecord; calendar: CalendarRecord } {
  const { slot, calendar } = read;
  if (!calendar?.is_active) throw calendarNotFound();
  if (!slot || slot.calendar_id !== calendar.calendar_id) throw slotNotFound();
  // A staff member's session books into its own calendars only (403 for another's).
  refuseOutsideScope(calendarScopeOf(entity), calendar.calendar_id);
  // Even a `cancelled` creation needs an open slot with a free place: the transaction checks it too.
  refuseUnbookable(slot, calendar, now, true);
  refuseOutsideWindow(slot, calendar, now, request.window ?? windowOf(entity));
  return { slot, calendar };
}

/**
 * The checked calendar and slot of a booking, from its snapshot. A snapshot read eventually consistent or
 * from the instance's memory (`recent`) may be a moment old: what it admits, the transaction checks again;
 * what it would refuse (a slot just freed or made, a calendar just created or reactivated) is read again
 * strongly, and refused only as it is now, so no answer differs from one made on strong reads.
 */
export async function bookable(
  deps: BookableReads,
  entity: EntityContext,
  request: BookingRequest,
  first: BookingSnapshot,
): Promise<{ slot: SlotRecord; calendar: CalendarRecord }> {
  const { slot } = first;
  // v2 without calendar_id: the slot's own calendar, whichever of the entity's it is.
  const calendarOf = async (s: SlotRecord | null, read: CalendarRecord | null) =>
    request.anyCalendar && s && s.calendar_id !== read?.calendar_id
      ? deps.calendars.get(entity.entityId, s.calendar_id)
      : read;
  try {
    return checked(entity, request, { slot, calendar: await calendarOf(slot, first.calendar) }, deps.now());
  } catch (error) {
    if (!first.recent || !(error instanceof AppError)) throw error;
    const [strongSlot, calendar] = await Promise.all([
      deps.slots.get(entity.entityId, request.slotId),
      deps.calendars.get(entity.entityId, request.calendarId),
    ]);
    const again = { slot: strongSlot, calendar: await calendarOf(strongSlot, calendar) };
    return checked(entity, request, again, deps.now());
  }
}
