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
