import { ClientLinkService } from '../../../../shared/features/booking/services/client-link-service';
import type { CalendarReader } from '../../../../shared/features/schedule';
import {
  bookingWorld,
  CAL,
  ENTITY,
  NOW,
  refusal,
  request,
  SLOT,
} from '../../../support/doubles/in-memory-booking';

/**
 * What a cancel by its link reads (issue 57, point 1): the appointment once (the read that found it is the
 * transaction's first try, conditioned on its status and slot), the slot eventually consistent before the
 * transaction (the answer shows it with the place freed), the calendar's time zone from the instance's
 * memory, read again strongly before a refusal made on it stands.
 */
async function booked(change: Parameters<typeof request>[0] = {}) {
  const world = bookingWorld();
  const { cancelToken, appointment } = await world.service.book(ENTITY, request(change));
  const reads = { appointments: 0, slots: [] as boolean[] };
  const getAppointment = world.appointments.get;
  world.appointments.get = (entityId: string, id: number) => {
    reads.appointments += 1;
    return getAppointment(entityId, id);
  };
  const getSlot = world.store.slots.get.bind(world.store.slots);
  world.store.slots.get = (entityId: string, slotId: number, consistent?: boolean) => {
    reads.slots.push(consistent ?? true);
    return getSlot(entityId, slotId);
  };
  return { world, cancelToken, appointment, reads };
}

/** The link's service with a memory of calendars that answers `recent` for every calendar. */
function linksWith(world: ReturnType<typeof bookingWorld>, recent: CalendarReader) {
  return new ClientLinkService({
    appointments: world.appointments,
    slots: world.store.slots,
    calendars: world.store.calendars,
    recentCalendars: recent,
    services: { get: async () => null },
    booking: world.service,
    now: () => NOW,
  });
}

describe('a cancel by its link', () => {
  it('answers the slot the appointment is cancelled on when the business moved it meanwhile', async () => {
    const { world, cancelToken, appointment } = await booked();
    const readSlot = world.store.slots.get;
    let moved = false;
    // The business moves it to a later slot between the link's read and its transaction.
    world.store.slots.get = async (entityId: string, slotId: number, consistent?: boolean) => {
      if (!moved) {
        moved = true;
        await world.service.update(ENTITY, appointment.appointment_id, { slotId: SLOT.later });
      }
      return readSlot(entityId, slotId, consistent);
    };
    const answer = await world.links.cancelByToken(ENTITY, cancelToken);
    expect(answer.appointment).toMatchObject({ status: 'cancelled', slot_id: SLOT.later });
    expect(answer.slot).toMatchObject({ slot_id: SLOT.later, taken: 0 });
    expect([world.slotOf(SLOT.open).taken, world.slotOf(SLOT.later).taken]).toEqual([0, 0]);
  });

  it('reads the appointment once and answers its slot as read before, with the place freed', async () => {
    const { world, cancelToken, reads } = await booked();
    expect(world.slotOf(SLOT.open).taken).toBe(1);
    const { appointment, slot } = await world.links.cancelByToken(ENTITY, cancelToken);
    expect(appointment.status).toBe('cancelled');
    expect(reads.appointments).toBe(1);
    // One slot read, eventually consistent, and no strong one after the transaction.
    expect(reads.slots).toEqual([false]);
    expect(world.slotOf(SLOT.open).taken).toBe(0);
    expect(slot).toMatchObject({ slot_id: SLOT.open, taken: 0 });
  });

  it('a time zone remembered a moment ago that says started is read again: the cancel goes through', async () => {
    // Today 05:00 in New York (09:00 UTC): not started at 08:00 UTC; in Paris it would have been.
    const { world, cancelToken } = await booked({ calendarId: CAL.newYork, slotId: SLOT.newYork });
    const paris: CalendarReader = {
      get: async (entityId, id) => {
        const calendar = await world.store.calendars.get(entityId, id);
        return calendar && { ...calendar, timezone: 'Europe/Paris' };
      },
    };
    const { appointment } = await linksWith(world, paris).cancelByToken(ENTITY, cancelToken);
    expect(appointment.status).toBe('cancelled');
  });

  it('a time zone that says started on the strong read too is refused as before', async () => {
    const { world, cancelToken } = await booked({ calendarId: CAL.newYork, slotId: SLOT.newYork });
    const calendar = world.data.calendars.find((c) => c.calendar_id === CAL.newYork);
    if (calendar) calendar.timezone = 'Europe/Paris';
    const remembered: CalendarReader = { get: (e, id) => world.store.calendars.get(e, id) };
    expect(await refusal(linksWith(world, remembered).cancelByToken(ENTITY, cancelToken))).toMatchObject({
      status: 409,
    });
    expect(world.appointmentOf(world.booked[0]?.appointment.appointment_id ?? 0)?.status).toBe('confirmed');
  });
});
