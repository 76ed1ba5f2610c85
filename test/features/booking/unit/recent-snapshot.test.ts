import type { BookingSnapshot, BookingSnapshotReader } from '../../../../shared/features/booking/ports';
import {
  bookingWorld,
  CAL,
  ENTITY,
  KNOWN_CLIENT,
  refusal,
  request,
  SLOT,
} from '../../../support/doubles/in-memory-booking';

/**
 * A booking's snapshot is read eventually consistent or from the instance's memory (`recent`: up to a
 * moment old). What it admits the transaction checks again; what it would refuse is read again strongly
 * first, so a slot freed or made a moment ago, or a calendar just reactivated, books as it would on strong
 * reads, and a refusal stands only when the store, read strongly, says so too.
 */
type World = ReturnType<typeof bookingWorld>;

/** A reader that answers the store as it is, with `stale` laid over it (what it held a moment ago). */
function readerOf(stale: Partial<BookingSnapshot>, recent: boolean, world: () => World | undefined) {
  const reader: BookingSnapshotReader = {
    snapshot: async (entityId, calendarId, slotId, phone) => {
      const w = world();
      if (!w) throw new Error('no store');
      const client = w.data.clients.find((c) => c.client_phone === phone);
      return {
        calendar: await w.store.calendars.get(entityId, calendarId),
        slot: w.data.slots.find((s) => s.slot_id === slotId) ?? null,
        clientId: client?.client_id ?? null,
        ...stale,
        recent,
      };
    },
  };
  return reader;
}

/** A world whose snapshot is `stale`, marked recent or not; and the strong slot reads the service makes. */
function worldWith(stale: (w: World) => Partial<BookingSnapshot>, recent: boolean) {
  let world: World | undefined;
  world = bookingWorld({ reader: readerOf({}, recent, () => world) });
  const made = world;
  world = bookingWorld({ reader: readerOf(stale(made), recent, () => world) });
  const strongSlotReads: number[] = [];
  const get = world.store.slots.get.bind(world.store.slots);
  world.store.slots.get = (entityId: string, slotId: number) => {
    strongSlotReads.push(slotId);
    return get(entityId, slotId);
  };
  return { world, strongSlotReads };
}

describe('a booking on a recent snapshot', () => {
  const cases: Array<[string, (w: World) => Partial<BookingSnapshot>]> = [
    ['a slot seen full a moment ago, freed since', (w) => ({ slot: { ...w.slotOf(SLOT.open), taken: 2 } })],
    ['a slot not seen yet (just generated)', () => ({ slot: null })],
    ['a calendar seen inactive, reactivated since', () => ({ calendar: null })],
  ];

  it.each(cases)('%s: books, having read it again strongly', async (_name, stale) => {
    const { world, strongSlotReads } = worldWith(stale, true);
    const result = await world.service.book(ENTITY, request());
    expect(result.appointment).toMatchObject({ slot_id: SLOT.open, calendar_id: CAL.main });
    expect(world.slotOf(SLOT.open).taken).toBe(1);
    expect(strongSlotReads).toEqual([SLOT.open]);
  });

  it.each(cases)('%s: refused on a strong snapshot (what `recent` changes)', async (_name, stale) => {
    const { world, strongSlotReads } = worldWith(stale, false);
    expect((await refusal(world.service.book(ENTITY, request()))).status).toBeGreaterThanOrEqual(404);
    expect(world.booked).toEqual([]);
    expect(strongSlotReads).toEqual([]);
  });

  it('a slot full now is refused as before, after its strong read', async () => {
    const strong = worldWith(() => ({}), false).world;
    const asBefore = await refusal(strong.service.book(ENTITY, request({ slotId: SLOT.full })));
    expect(asBefore.status).toBe(409);
    const { world, strongSlotReads } = worldWith(() => ({}), true);
    expect(await refusal(world.service.book(ENTITY, request({ slotId: SLOT.full })))).toEqual(asBefore);
    expect(strongSlotReads).toEqual([SLOT.full]);
    expect(world.booked).toEqual([]);
  });

  it('admits without reading again, and reads a returning client lightly on the first try only', async () => {
    const { world, strongSlotReads } = worldWith(() => ({}), true);
    const reads: boolean[] = [];
    const get = world.store.clients.get.bind(world.store.clients);
    world.store.clients.get = (entityId: string, clientId: number, consistent?: boolean) => {
      reads.push(consistent ?? true);
      return get(entityId, clientId);
    };
    const result = await world.service.book(ENTITY, request({ phone: KNOWN_CLIENT.client_phone }));
    expect(result.appointment.client_id).toBe(KNOWN_CLIENT.client_id);
    expect(strongSlotReads).toEqual([]);
    expect(reads).toEqual([false]);
  });
});
