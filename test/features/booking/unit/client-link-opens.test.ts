import { ClientLinkService } from '../../../../shared/features/booking/services/client-link-service';
import { bookingWorld, ENTITY, NOW, request } from '../../../support/doubles/in-memory-booking';

/**
 * ClientLinkService.opens: whether a cancel token still opens the manage page's reads. An unknown token or
 * an appointment no longer manageable: false (the token check answers 401). A store that fails is no verdict
 * on the token: its error goes on (the answer is the store fault's, never a 401 that signs the client out).
 */
async function world() {
  const w = bookingWorld();
  const booked = await w.service.book(ENTITY, request());
  return { ...w, cancelToken: booked.cancelToken };
}

test('a manageable appointment opens, an unknown or cancelled one does not', async () => {
  const w = await world();
  expect(await w.links.opens(ENTITY, w.cancelToken)).toBe(true);
  expect(await w.links.opens(ENTITY, 'not-a-token')).toBe(false);
  await w.links.cancelByToken(ENTITY, w.cancelToken);
  expect(await w.links.opens(ENTITY, w.cancelToken)).toBe(false);
});

test('a store that fails is not taken for a used-up token', async () => {
  const w = await world();
  const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const links = new ClientLinkService({
    appointments: {
      findByCancelToken: async () => Promise.reject(down),
      get: async () => Promise.reject(down),
    } as never,
    slots: w.store.slots,
    calendars: w.store.calendars,
    services: { get: async () => null },
    booking: w.service,
    now: () => NOW,
  });
  await expect(links.opens(ENTITY, w.cancelToken)).rejects.toBe(down);
});

test('a completion that lands between the link’s own check and its transaction still refuses the cancel', async () => {
  const w = await world();
  const id = (await w.links.lookupByToken(ENTITY, w.cancelToken)).appointment.appointment_id;
  // The link's service reads the appointment as confirmed; the business completes it right after.
  const completeAfterRead = {
    findByCancelToken: async () => id,
    get: async (entityId: string, appointmentId: number) => {
      const read = await w.appointments.get(entityId, appointmentId);
      const record = w.appointmentOf(appointmentId);
      if (record) record.status = 'completed';
      return read && { ...read, status: 'confirmed' as const };
    },
  };
  const links = new ClientLinkService({
    appointments: completeAfterRead as never,
    slots: w.store.slots,
    calendars: w.store.calendars,
    services: { get: async () => null },
    booking: w.service,
    now: () => NOW,
  });
  await expect(links.cancelByToken(ENTITY, w.cancelToken)).rejects.toMatchObject({
    status: 409,
    code: 'SLOT_UNAVAILABLE',
    v2Code: 'APPOINTMENT_NOT_MANAGEABLE',
  });
  expect(w.appointmentOf(id)?.status).toBe('completed');
});
