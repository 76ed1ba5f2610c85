import { alreadyAtThisTime } from '../../../../shared/core/errors';
import {
  bookingWorld,
  CAL,
  ENTITY,
  LATER,
  NOW,
  refusal,
  request,
  SLOT,
  TOMORROW,
} from '../../../support/doubles/in-memory-booking';

/** A world with one fresh booking (appointment 1000, client 1001) in the open slot. */
async function withBooking(options: Parameters<typeof bookingWorld>[0] = {}) {
  const world = bookingWorld(options);
  const booked = await world.service.book(ENTITY, request());
  return { ...world, booked: booked.appointment, cancelToken: booked.cancelToken };
}

describe('BookingService.update', () => {
  it('answers 404 RESOURCE_NOT_FOUND for an unknown appointment', async () => {
    const world = bookingWorld();
    expect(await refusal(world.service.update(ENTITY, 999, { status: 'confirmed' }))).toEqual({
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      message: 'appointment not found',
    });
  });

  it('answers the appointment as it is when nothing changes, without writing', async () => {
    const world = await withBooking();
    const same = await world.service.update(ENTITY, 1000, { status: 'confirmed', slotId: SLOT.open });
    // As the store reads it: with the digest of the cancel token it keeps.
    expect(same).toEqual({ ...world.booked, cancel_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(world.transitions).toEqual([]);
  });

  it('refuses a repeat with the caller’s error when asked to (conflictIfUnchanged)', async () => {
    const world = await withBooking();
    expect(
      await refusal(
        world.service.update(
          ENTITY,
          1000,
          { status: 'confirmed' },
          { conflictIfUnchanged: alreadyAtThisTime },
        ),
      ),
    ).toEqual({ status: 409, code: 'SLOT_UNAVAILABLE', message: 'the appointment is already at this time' });
    expect(world.transitions).toEqual([]);
  });

  it('cancelling frees the place; confirming again takes it back', async () => {
    const world = await withBooking();
    const cancelled = await world.service.update(ENTITY, 1000, { status: 'cancelled' });
    expect(cancelled).toMatchObject({
      appointment_id: 1000,
      status: 'cancelled',
      updated_at: NOW.toISOString(),
    });
    expect(world.appointmentOf(1000)?.status).toBe('cancelled');
    expect(world.slotOf(SLOT.open).taken).toBe(0);

    await world.service.update(ENTITY, 1000, { status: 'pending' });
    expect(world.appointmentOf(1000)?.status).toBe('pending');
    expect(world.slotOf(SLOT.open).taken).toBe(1);
  });

  it('a status change among live statuses keeps the place', async () => {
    const world = await withBooking();
    await world.service.update(ENTITY, 1000, { status: 'completed' });
    expect(world.slotOf(SLOT.open).taken).toBe(1);
  });

  it('answers 409 SLOT_UNAVAILABLE when un-cancelling into a slot filled meanwhile', async () => {
    const world = await withBooking();
    await world.service.update(ENTITY, 1000, { status: 'cancelled' });
    world.slotOf(SLOT.open).taken = 2;
    expect(await refusal(world.service.update(ENTITY, 1000, { status: 'confirmed' }))).toEqual({
      status: 409,
      code: 'SLOT_UNAVAILABLE',
      message: 'slot not available: full',
    });
    expect(world.appointmentOf(1000)?.status).toBe('cancelled');
  });

  it('moves an appointment: the old place is freed, the new one taken, the times follow the slot', async () => {
    const world = await withBooking();
    const moved = await world.service.update(ENTITY, 1000, { slotId: SLOT.later });
    expect(moved).toMatchObject({
      appointment_id: 1000,
      slot_id: SLOT.later,
      calendar_id: CAL.main,
      date: LATER,
      start_time: '10:00:00',
      end_time: '11:00:00',
      status: 'confirmed',
    });
    expect(world.slotOf(SLOT.open).taken).toBe(0);
    expect(world.slotOf(SLOT.later).taken).toBe(1);
    // The client's last appointment follows the move (the only appointment of client 1001).
    expect(world.transitions[0]?.client).toEqual({ clientId: 1001, lastAppointment: LATER, read: TOMORROW });
  });

  it('moves to another calendar’s slot', async () => {
    const world = await withBooking();
    const moved = await world.service.update(ENTITY, 1000, { slotId: SLOT.otherCalendar });
    expect(moved).toMatchObject({ slot_id: SLOT.otherCalendar, calendar_id: CAL.other });
  });

  it('leaves the client’s last appointment alone when another appointment is later', async () => {
    const world = bookingWorld();
    // Known client: appointments on TOMORROW (101) and LATER (102); moving 101 to LATER changes nothing.
    await world.service.update(ENTITY, 101, { slotId: SLOT.later });
    expect(world.transitions[0]?.client).toBeUndefined();
    expect(world.appointmentOf(101)?.slot_id).toBe(SLOT.later);
  });

  it.each([
    ['an unknown slot', 99, 404, 'SLOT_NOT_FOUND', 'slot not found'],
    [
      'a slot of an inactive calendar',
      SLOT.inactiveCalendar,
      404,
      'CALENDAR_NOT_FOUND',
      'calendar not found or inactive',
    ],
    ['a slot that has started', SLOT.started, 409, 'SLOT_IN_PAST', 'slot not available: in the past'],
    ['a closed slot', SLOT.closed, 409, 'SLOT_UNAVAILABLE', 'slot not available: closed'],
    ['a full slot', SLOT.full, 409, 'SLOT_UNAVAILABLE', 'slot not available: full'],
  ])('refuses a move to %s, changing nothing', async (_what, slotId, status, code, message) => {
    const world = await withBooking();
    expect(await refusal(world.service.update(ENTITY, 1000, { slotId }))).toEqual({ status, code, message });
    expect(world.transitions).toEqual([]);
    expect(world.appointmentOf(1000)).toEqual(world.booked);
    expect(world.slotOf(SLOT.open).taken).toBe(1);
  });

  it('moves a cancelled appointment only where a place is free (taking none), never into the past', async () => {
    const world = await withBooking();
    await world.service.update(ENTITY, 1000, { status: 'cancelled' });
    expect(await refusal(world.service.update(ENTITY, 1000, { slotId: SLOT.full }))).toEqual({
      status: 409,
      code: 'SLOT_UNAVAILABLE',
      message: 'slot not available: full',
    });
    const moved = await world.service.update(ENTITY, 1000, { slotId: SLOT.later });
    expect(moved).toMatchObject({ slot_id: SLOT.later, status: 'cancelled' });
    expect(world.slotOf(SLOT.later).taken).toBe(0);
    expect(await refusal(world.service.update(ENTITY, 1000, { slotId: SLOT.yesterday }))).toEqual({
      status: 409,
      code: 'SLOT_IN_PAST',
      message: 'slot not available: in the past',
    });
  });

  it('answers 409 from the slot as the write saw it when the target filled meanwhile', async () => {
    const world = await withBooking({
      hooks: {
        transition: (plan, _call, data) => {
          const target = data.slots.find((s) => s.slot_id === plan.after.slot_id);
          if (target) target.taken = target.capacity;
          return undefined;
        },
      },
    });
    expect(await refusal(world.service.update(ENTITY, 1000, { slotId: SLOT.later }))).toEqual({
      status: 409,
      code: 'SLOT_UNAVAILABLE',
      message: 'slot not available: full',
    });
    expect(world.appointmentOf(1000)?.slot_id).toBe(SLOT.open);
  });

  it('answers 404 CALENDAR_NOT_FOUND when the target’s calendar was deactivated meanwhile', async () => {
    const world = await withBooking({
      hooks: {
        transition: (_plan, _call, data) => {
          for (const c of data.calendars) if (c.calendar_id === CAL.other) c.is_active = false;
          return undefined;
        },
      },
    });
    expect(await refusal(world.service.update(ENTITY, 1000, { slotId: SLOT.otherCalendar }))).toEqual({
      status: 404,
      code: 'CALENDAR_NOT_FOUND',
      message: 'calendar not found or inactive',
    });
  });

  it('reads the appointment again and retries when it changed between read and write', async () => {
    const world = await withBooking({
      hooks: {
        transition: (_plan, call, data) => {
          // On the first attempt someone else confirms -> pending first: our read is stale.
          const current = data.appointments.find((a) => a.appointment_id === 1000);
          if (call === 1 && current) current.status = 'pending';
          return undefined;
        },
      },
    });
    const after = await world.service.update(ENTITY, 1000, { slotId: SLOT.later });
    expect(world.transitions).toHaveLength(2);
    expect(world.transitions[0]?.before.status).toBe('confirmed');
    expect(world.transitions[1]?.before.status).toBe('pending');
    expect(after).toMatchObject({ slot_id: SLOT.later, status: 'pending' });
    expect(world.slotOf(SLOT.open).taken).toBe(0);
    expect(world.slotOf(SLOT.later).taken).toBe(1);
  });

  it('answers 503 SERVICE_UNAVAILABLE when every attempt is stale', async () => {
    const random = jest.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const world = await withBooking({ hooks: { transition: () => ({ ok: false, reason: 'stale' }) } });
      expect(await refusal(world.service.update(ENTITY, 1000, { status: 'cancelled' }))).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'the service is busy, retry the same request',
      });
      expect(world.transitions).toHaveLength(10);
    } finally {
      random.mockRestore();
    }
  });
});

describe('ClientLinkService.cancelByToken', () => {
  it('cancels the booking the token was issued for, freeing its place', async () => {
    const world = await withBooking();
    const { appointment, slot } = await world.links.cancelByToken(ENTITY, world.cancelToken);
    expect(appointment).toMatchObject({ appointment_id: 1000, status: 'cancelled' });
    expect(slot).toMatchObject({ slot_id: SLOT.open, taken: 0 });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown token', async () => {
    const world = await withBooking();
    expect(await refusal(world.links.cancelByToken(ENTITY, 'not-a-token'))).toEqual({
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      message: 'appointment not found',
    });
    expect(world.appointmentOf(1000)?.status).toBe('confirmed');
  });

  it('answers 409 the second time', async () => {
    const world = await withBooking();
    await world.links.cancelByToken(ENTITY, world.cancelToken);
    expect(await refusal(world.links.cancelByToken(ENTITY, world.cancelToken))).toEqual({
      status: 409,
      code: 'SLOT_UNAVAILABLE',
      message: 'appointment already cancelled',
    });
    expect(world.slotOf(SLOT.open).taken).toBe(0);
  });
});
