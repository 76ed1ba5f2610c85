import { randomBytes } from 'node:crypto';
import { calendarScopeOf } from '../../../../shared/features/access/domain/calendar-scope';
import { AppointmentChangeService } from '../../../../shared/features/booking/services/appointment-change-service';
import { AppointmentListService } from '../../../../shared/features/v1-reads/services/appointment-list-service';
import { Cursors } from '../../../../shared/features/v1-reads/services/cursors';
import {
  bookingWorld,
  CAL,
  ENTITY,
  LATER,
  refusal,
  request,
  SLOT,
  TODAY,
  TOMORROW,
} from '../../../support/doubles/in-memory-booking';

/**
 * The business's list and changes of appointments (issue 60, point 4) over the in-memory store, with a
 * staff member's calendar scope: a `staff` session lists only its calendars and changes only their
 * appointments, to their slots (403 otherwise); the secret token and an owner see the whole entity.
 */
const KEY = randomBytes(32);
function world() {
  const w = bookingWorld();
  const lists = new AppointmentListService({
    store: w.store,
    cursors: new Cursors({ keys: { key: async () => KEY } }),
  });
  const changes = new AppointmentChangeService({
    appointments: w.store.appointments,
    slots: w.store.slots,
    calendars: w.store.calendars,
    services: { get: async () => null },
    booking: w.service,
  });
  return { ...w, lists, changes };
}
const MAIN_ONLY = { calendarIds: [CAL.main] };
const OTHER_ONLY = { calendarIds: [CAL.other] };

describe('the calendar scope of a request', () => {
  it('is a staff member’s calendars for a staff session, and none (the whole entity) otherwise', () => {
    expect(calendarScopeOf(ENTITY)).toBeUndefined();
    expect(
      calendarScopeOf({ ...ENTITY, staff: { email: 'owner@example.com', role: 'owner', calendarIds: [] } }),
    ).toBeUndefined();
    expect(
      calendarScopeOf({ ...ENTITY, staff: { email: 'ana@example.com', role: 'staff', calendarIds: [2, 4] } }),
    ).toEqual({
      calendarIds: [2, 4],
    });
  });
});

describe('AppointmentListService with a scope', () => {
  it('lists only the scope’s calendars without a filter, and refuses another calendar’s filter (403)', async () => {
    const w = world();
    const other = await w.service.book(
      ENTITY,
      request({ calendarId: CAL.other, slotId: SLOT.otherCalendar }),
    );
    const query = { from: TODAY, to: LATER, limit: 50 };
    const all = await w.lists.list(ENTITY, query);
    // By start: the other calendar's 09:00 tomorrow, then 101 at 14:00, then 102 later.
    expect(all.items.map((v) => v.appointment.appointment_id)).toEqual([
      other.appointment.appointment_id,
      101,
      102,
    ]);
    const mine = await w.lists.list(ENTITY, { ...query, scope: MAIN_ONLY });
    expect(mine.items.map((v) => v.appointment.appointment_id)).toEqual([101, 102]);
    const theirs = await w.lists.list(ENTITY, { ...query, scope: OTHER_ONLY });
    expect(theirs.items.map((v) => v.appointment.appointment_id)).toEqual([other.appointment.appointment_id]);
    expect(
      await refusal(w.lists.list(ENTITY, { ...query, calendarId: CAL.other, scope: MAIN_ONLY })),
    ).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'this calendar is not one of yours',
    });
    // A cursor of the whole entity's list is not one of the staff member's.
    const page = await w.lists.list(ENTITY, { ...query, limit: 1 });
    expect(page.nextCursor).toBeDefined();
    expect(
      (await refusal(w.lists.list(ENTITY, { ...query, limit: 1, cursor: page.nextCursor, scope: MAIN_ONLY })))
        .code,
    ).toBe('INVALID_PARAMETER');
  });
});

describe('AppointmentChangeService with a scope', () => {
  it('changes only the scope’s appointments, and moves them only to its calendars (403)', async () => {
    const w = world();
    const forbidden = { status: 403, code: 'FORBIDDEN', message: 'this calendar is not one of yours' };
    expect(
      await refusal(w.changes.change(ENTITY, { appointmentId: 101, status: 'no_show', scope: OTHER_ONLY })),
    ).toEqual(forbidden);
    expect(
      await refusal(
        w.changes.change(ENTITY, {
          appointmentId: 101,
          move: { slotId: SLOT.otherCalendar },
          scope: MAIN_ONLY,
        }),
      ),
    ).toEqual(forbidden);
    expect(w.appointmentOf(101)?.status).toBe('confirmed');
    const changed = await w.changes.change(ENTITY, {
      appointmentId: 101,
      status: 'no_show',
      scope: MAIN_ONLY,
    });
    expect(changed).toMatchObject({
      appointment: { status: 'no_show', date: TOMORROW },
      calendarName: 'Calendar 1',
    });
    // A no-show keeps its place.
    expect(w.slotOf(SLOT.full).taken).toBe(1);
  });

  it('refuses a move into the past, into a closed slot, and a move of a cancelled appointment', async () => {
    const w = world();
    const move = (slotId: number) => w.changes.change(ENTITY, { appointmentId: 101, move: { slotId } });
    expect((await refusal(move(SLOT.yesterday))).code).toBe('SLOT_IN_PAST');
    expect((await refusal(move(SLOT.closed))).code).toBe('SLOT_UNAVAILABLE');
    await w.changes.change(ENTITY, { appointmentId: 101, status: 'cancelled' });
    expect(await refusal(move(SLOT.open))).toMatchObject({
      status: 409,
      message: 'a cancelled appointment cannot be moved: book again',
    });
    expect(w.slotOf(SLOT.open).taken).toBe(0);
  });
});
