import type { IdempotencyMark } from '../../../../shared/features/access/domain/idempotency';
import type { BookingSnapshotReader } from '../../../../shared/features/booking/ports';
import type { Booked } from '../../../../shared/features/booking/services/booking-rules';
import {
  bookingWorld,
  CAL,
  ENTITY,
  KNOWN_CLIENT,
  LATER,
  NOW,
  refusal,
  request,
  SLOT,
  TODAY,
  TOMORROW,
} from '../../../support/doubles/in-memory-booking';

const MARK: IdempotencyMark = { route: 'POST /book', key: 'key-1', claimId: 'claim-1', keepUntil: 1 };

describe('BookingService.book', () => {
  it('books a new client: the appointment, the client and a place in the slot', async () => {
    const world = bookingWorld();
    const result = await world.service.book(ENTITY, request());

    expect(result.appointment).toEqual({
      appointment_id: 1000,
      calendar_id: CAL.main,
      slot_id: SLOT.open,
      client_id: 1001,
      status: 'confirmed',
      date: TOMORROW,
      start_time: '09:00:00',
      end_time: '10:00:00',
      client_firstname: 'Jean',
      client_lastname: 'Dupont',
      client_email: 'jean@example.com',
      client_phone: '+33698765432',
      contract_number: 'C-1',
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      changed_by: 'token',
    });
    expect(result.slot).toMatchObject({ slot_id: SLOT.open, taken: 1, capacity: 2 });
    expect(result.calendar.calendar_id).toBe(CAL.main);
    // The token names its entity (base64url of 'entity-1') and appointment, then 256 random bits.
    expect(result.cancelToken).toMatch(/^ct_ZW50aXR5LTE\.1000\.[A-Za-z0-9_-]{43}$/);
    expect(world.appointmentOf(1000)).toEqual(result.appointment);
    expect(world.data.clients.find((c) => c.client_id === 1001)).toMatchObject({
      client_firstname: 'Jean',
      client_lastname: 'Dupont',
      client_email: 'jean@example.com',
      client_phone: '+33698765432',
      appointments_count: 1,
      last_appointment: TOMORROW,
    });
    const plan = world.booked[0];
    expect(plan?.existing).toBeNull();
    expect(plan?.today).toBe(TODAY);
    expect(plan?.cancelTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(plan?.idempotency).toBeUndefined();
  });

  it('books a known client under its id: the business’s booking gives it its names, an absent e-mail keeps the stored one', async () => {
    const world = bookingWorld();
    const result = await world.service.book(
      ENTITY,
      request({ phone: KNOWN_CLIENT.client_phone, slotId: SLOT.later, email: null }),
    );

    expect(result.appointment).toMatchObject({
      client_id: KNOWN_CLIENT.client_id,
      client_firstname: 'Jean',
      client_email: null,
    });
    const plan = world.booked[0];
    expect(plan?.client).toMatchObject({
      client_id: KNOWN_CLIENT.client_id,
      client_firstname: 'Jean',
      client_lastname: 'Dupont',
      client_email: 'camille@example.com',
      created_at: KNOWN_CLIENT.created_at,
      appointments_count: 3,
      last_appointment: LATER,
    });
    expect(plan?.existing).toMatchObject({
      appointments_count: 2,
      last_appointment: LATER,
      client_firstname: 'Camille',
      client_lastname: 'Martin',
      client_email: 'camille@example.com',
    });
    // With an e-mail, the business's booking gives the client that one too.
    const again = bookingWorld();
    await again.service.book(ENTITY, request({ phone: KNOWN_CLIENT.client_phone, slotId: SLOT.later }));
    expect(again.booked[0]?.client).toMatchObject({
      client_firstname: 'Jean',
      client_lastname: 'Dupont',
      client_email: 'jean@example.com',
    });
  });

  it('a publishable key’s booking of a known client keeps its names and e-mail; the appointment has the booking’s', async () => {
    const world = bookingWorld();
    const viaKey = {
      ...ENTITY,
      credential: { kind: 'publishable' as const, keyId: 'key_1', allowedOrigins: ['https://a.fr'] },
    };
    const result = await world.service.book(
      viaKey,
      request({ phone: KNOWN_CLIENT.client_phone, slotId: SLOT.later }),
    );
    expect(result.appointment).toMatchObject({
      client_id: KNOWN_CLIENT.client_id,
      client_firstname: 'Jean',
      client_lastname: 'Dupont',
      client_email: 'jean@example.com',
    });
    expect(world.booked[0]?.client).toMatchObject({
      client_id: KNOWN_CLIENT.client_id,
      client_firstname: 'Camille',
      client_lastname: 'Martin',
      client_email: 'camille@example.com',
      appointments_count: 3,
    });
  });

  it('keeps a known client’s later last appointment when booking an earlier day', async () => {
    const world = bookingWorld();
    await world.service.book(ENTITY, request({ phone: KNOWN_CLIENT.client_phone }));
    expect(world.booked[0]?.client.last_appointment).toBe(LATER);
  });

  it('judges "started" in the calendar’s zone: 05:00 in New York has not started at 04:00 there', async () => {
    const world = bookingWorld();
    const result = await world.service.book(
      ENTITY,
      request({ calendarId: CAL.newYork, slotId: SLOT.newYork }),
    );
    expect(result.slot).toMatchObject({ slot_id: SLOT.newYork, taken: 1 });
  });

  it('creates a cancelled appointment without taking a place', async () => {
    const world = bookingWorld();
    const result = await world.service.book(ENTITY, request({ status: 'cancelled' }));
    expect(result.appointment.status).toBe('cancelled');
    expect(world.slotOf(SLOT.open).taken).toBe(0);
  });

  it('uses the one-call snapshot when the store offers one', async () => {
    const calls: unknown[][] = [];
    let world: ReturnType<typeof bookingWorld> | undefined;
    const reader: BookingSnapshotReader = {
      snapshot: async (...args) => {
        calls.push(args);
        const store = world?.store;
        if (!store) throw new Error('no store');
        return {
          calendar: await store.calendars.get(ENTITY.entityId, CAL.main),
          slot: await store.slots.get(ENTITY.entityId, SLOT.later),
          clientId: KNOWN_CLIENT.client_id,
        };
      },
    };
    world = bookingWorld({ reader });
    const result = await world.service.book(ENTITY, request({ slotId: SLOT.open }));
    expect(calls).toEqual([[ENTITY.entityId, CAL.main, SLOT.open, '+33698765432']]);
    // The snapshot's slot and client are the ones booked.
    expect(result.appointment).toMatchObject({ slot_id: SLOT.later, client_id: KNOWN_CLIENT.client_id });
  });

  describe('refuses before writing', () => {
    it.each([
      [
        'an unknown calendar',
        { calendarId: 99 },
        404,
        'CALENDAR_NOT_FOUND',
        'calendar not found or inactive',
      ],
      [
        'an inactive calendar',
        { calendarId: CAL.inactive, slotId: SLOT.inactiveCalendar },
        404,
        'CALENDAR_NOT_FOUND',
        'calendar not found or inactive',
      ],
      ['an unknown slot', { slotId: 99 }, 404, 'SLOT_NOT_FOUND', 'slot not found'],
      ['a slot of another calendar', { slotId: SLOT.otherCalendar }, 404, 'SLOT_NOT_FOUND', 'slot not found'],
      [
        'a slot that has started',
        { slotId: SLOT.started },
        409,
        'SLOT_IN_PAST',
        'slot not available: in the past',
      ],
      [
        'a slot of yesterday',
        { slotId: SLOT.yesterday },
        409,
        'SLOT_IN_PAST',
        'slot not available: in the past',
      ],
      ['a closed slot', { slotId: SLOT.closed }, 409, 'SLOT_UNAVAILABLE', 'slot not available: closed'],
      ['a full slot', { slotId: SLOT.full }, 409, 'SLOT_UNAVAILABLE', 'slot not available: full'],
      [
        'a full slot, even for a cancelled creation',
        { slotId: SLOT.full, status: 'cancelled' as const },
        409,
        'SLOT_UNAVAILABLE',
        'slot not available: full',
      ],
    ])('%s', async (_what, change, status, code, message) => {
      const world = bookingWorld();
      const before = structuredClone(world.data);
      expect(await refusal(world.service.book(ENTITY, request(change)))).toEqual({ status, code, message });
      expect(world.booked).toEqual([]);
      expect({ ...world.data, nextId: before.nextId }).toEqual(before);
    });
  });

  describe('when the write loses a race', () => {
    it('re-reads the client and retries when a booking with the same phone committed first (stale read)', async () => {
      const world = bookingWorld({
        hooks: {
          book: (plan, call, data) => {
            if (call > 1) return undefined;
            // Another request with the same phone created the client between our read and our write.
            data.clients.push({
              ...plan.client,
              client_id: 500,
              client_firstname: 'First',
              created_at: 'earlier',
            });
            return { ok: false, reason: 'stale' };
          },
        },
      });
      const result = await world.service.book(ENTITY, request());

      expect(world.booked).toHaveLength(2);
      expect(world.booked[0]?.existing).toBeNull();
      expect(world.booked[1]?.existing).toMatchObject({ appointments_count: 0, client_firstname: 'First' });
      // The business books: the client found on the retry takes this booking's names.
      expect(world.booked[1]?.client).toMatchObject({ client_id: 500, client_firstname: 'Jean' });
      // The retry reserves new ids: the first attempt's are skipped.
      expect(result.appointment.appointment_id).toBe(1002);
      expect(result.appointment.client_id).toBe(500);
      expect(result.slot.taken).toBe(1);
      expect(world.data.appointments.filter((a) => a.slot_id === SLOT.open)).toHaveLength(1);
    });

    it('answers 503 SERVICE_UNAVAILABLE when every attempt is stale', async () => {
      // No wait between retries: the backoff's jitter is zero.
      const random = jest.spyOn(Math, 'random').mockReturnValue(0);
      try {
        const world = bookingWorld({ hooks: { book: () => ({ ok: false, reason: 'stale' }) } });
        expect(await refusal(world.service.book(ENTITY, request()))).toEqual({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'the service is busy, retry the same request',
        });
        expect(world.booked).toHaveLength(10);
      } finally {
        random.mockRestore();
      }
    });

    it.each([
      [
        'the slot filled',
        (s: { taken: number; capacity: number }) => Object.assign(s, { taken: s.capacity }),
        'full',
      ],
      ['the slot closed', (s: { status: string }) => Object.assign(s, { status: 'closed' }), 'closed'],
    ])('answers 409 from the slot as the write saw it: %s', async (_what, change, why) => {
      const world = bookingWorld({
        hooks: {
          book: (plan, _call, data) => {
            const slot = data.slots.find((s) => s.slot_id === plan.appointment.slot_id);
            if (slot) change(slot);
            return undefined;
          },
        },
      });
      expect(await refusal(world.service.book(ENTITY, request()))).toEqual({
        status: 409,
        code: 'SLOT_UNAVAILABLE',
        message: `slot not available: ${why}`,
      });
      expect(world.booked).toHaveLength(1);
      expect(world.appointmentOf(1000)).toBeUndefined();
    });

    it('answers 404 SLOT_NOT_FOUND when the slot was deleted meanwhile', async () => {
      const world = bookingWorld({
        hooks: {
          book: (_plan, _call, data) => {
            data.slots = data.slots.filter((s) => s.slot_id !== SLOT.open);
            return undefined;
          },
        },
      });
      expect(await refusal(world.service.book(ENTITY, request()))).toEqual({
        status: 404,
        code: 'SLOT_NOT_FOUND',
        message: 'slot not found',
      });
    });

    it('answers 404 CALENDAR_NOT_FOUND when the calendar was deactivated meanwhile', async () => {
      const world = bookingWorld({
        hooks: {
          book: (_plan, _call, data) => {
            for (const c of data.calendars) if (c.calendar_id === CAL.main) c.is_active = false;
            return undefined;
          },
        },
      });
      expect(await refusal(world.service.book(ENTITY, request()))).toEqual({
        status: 404,
        code: 'CALENDAR_NOT_FOUND',
        message: 'calendar not found or inactive',
      });
      expect(world.appointmentOf(1000)).toBeUndefined();
    });
  });

  describe('with an Idempotency-Key', () => {
    it('commits the answer with the booking', async () => {
      const world = bookingWorld();
      const result = await world.service.book(ENTITY, request(), MARK);
      expect(world.booked[0]?.idempotency).toEqual({
        mark: MARK,
        result: {
          appointment: result.appointment,
          calendar: result.calendar,
          cancelToken: result.cancelToken,
        },
      });
    });

    it('answers a booking committed before a crash again, with its slot as it is now, without booking twice', async () => {
      const world = bookingWorld();
      const first = await world.service.book(ENTITY, request(), MARK);
      const committed = world.booked[0]?.idempotency?.result;
      // Someone else took the slot's second place since.
      await world.service.book(ENTITY, request({ phone: '+33611111111' }));
      const count = world.data.appointments.length;

      const replay: Booked = await world.service.book(ENTITY, request(), { ...MARK, committed });

      expect(replay.appointment).toEqual(first.appointment);
      expect(replay.cancelToken).toBe(first.cancelToken);
      expect(replay.calendar).toEqual(first.calendar);
      expect(replay.slot).toMatchObject({ slot_id: SLOT.open, taken: 2 });
      expect(world.data.appointments).toHaveLength(count);
      expect(world.booked).toHaveLength(2);
    });

    it('answers 404 SLOT_NOT_FOUND when replaying a booking whose slot is gone', async () => {
      const world = bookingWorld();
      await world.service.book(ENTITY, request(), MARK);
      const committed = world.booked[0]?.idempotency?.result;
      world.data.slots = world.data.slots.filter((s) => s.slot_id !== SLOT.open);
      expect(await refusal(world.service.book(ENTITY, request(), { ...MARK, committed }))).toEqual({
        status: 404,
        code: 'SLOT_NOT_FOUND',
        message: 'slot not found',
      });
    });

    it('answers 409 IDEMPOTENCY_KEY_REUSED when another request took the key over', async () => {
      const world = bookingWorld({ hooks: { book: () => ({ ok: false, reason: 'idempotency' }) } });
      expect(await refusal(world.service.book(ENTITY, request(), MARK))).toEqual({
        status: 409,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'a request with this Idempotency-Key is in progress, retry later',
      });
      expect(world.booked).toHaveLength(1);
      expect(world.appointmentOf(1000)).toBeUndefined();
    });
  });
});
