import { AppError } from '../../../../shared/core/errors';
import type { CounterStep, CountOutcome, Limits } from '../../../../shared/features/access/domain/limits';
import { NO_LIMITS } from '../../../../shared/features/access/domain/limits';
import type { LimitStore } from '../../../../shared/features/access/ports';
import { LIMITS_CACHE_MS, LimitService } from '../../../../shared/features/access/services/limit-service';
import { entityContext } from '../../../support/doubles/middy';

/** The LimitStore contract in memory: counters all or none, a refusal counts nothing. */
class InMemoryLimitStore implements LimitStore {
  readonly limits = new Map<string, Partial<Limits>>();
  readonly counters = new Map<string, number>();
  reads = 0;
  async get(entityId: string) {
    this.reads += 1;
    return this.limits.get(entityId) ?? null;
  }
  async set(entityId: string, limits: Partial<Limits>) {
    this.limits.set(entityId, { ...this.limits.get(entityId), ...limits });
  }
  async count(entityId: string, steps: readonly CounterStep[]): Promise<CountOutcome> {
    const keyOf = (s: CounterStep) =>
      `${entityId}|${s.policy}|${s.visitor?.keyId}|${s.visitor?.ip}|${s.windowStart}`;
    const refusedAt = steps.findIndex((s) => (this.counters.get(keyOf(s)) ?? 0) >= s.cap);
    if (refusedAt >= 0) return { ok: false, refusedAt };
    return {
      ok: true,
      counts: steps.map((s) => {
        const n = (this.counters.get(keyOf(s)) ?? 0) + 1;
        this.counters.set(keyOf(s), n);
        return n;
      }),
    };
  }
}

const T0 = Date.UTC(2026, 0, 1);
const entity = entityContext('salon');
const visitor = (ip: string) => ({ keyId: 'key_1', ip });

const setup = (defaults: Partial<Limits> = {}, cacheMs?: number) => {
  const store = new InMemoryLimitStore();
  const time = { now: T0 + 1_000, uptime: 0 };
  const refused: string[] = [];
  const service = new LimitService({
    store,
    defaults: { ...NO_LIMITS, ...defaults },
    clock: () => time.now,
    uptime: () => time.uptime,
    ...(cacheMs === undefined ? {} : { cacheMs }),
    metrics: { bookingRefused: (reason: string) => refused.push(reason) } as never,
  });
  return { store, time, service, refused };
};

describe('LimitService', () => {
  it('admits exactly the quota in a window, then refuses until the next window', async () => {
    const { service, time } = setup({ requests_per_minute: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await service.admit(entity, { booking: false })).ok);
    expect(statuses).toEqual([true, true, true, false, false]);
    const refusal = await service.admit(entity, { booking: false });
    expect(refusal).toMatchObject({ ok: false, retryAfter: 59 });
    time.now = T0 + 60_000;
    expect(await service.admit(entity, { booking: false })).toMatchObject({
      ok: true,
      states: [{ remaining: 2, resetSeconds: 60 }],
    });
  });

  it('visitors exhausting the public quota never refuse the secret token, nor the other way round', async () => {
    const { service } = setup({
      requests_per_minute: 5,
      public_requests_per_minute: 10,
      visitor_requests_per_minute: 2,
    });
    const answers = [];
    for (let ip = 1; ip <= 10; ip++) {
      for (let i = 0; i < 2; i++)
        answers.push((await service.admit(entity, { booking: false, visitor: visitor(`10.0.0.${ip}`) })).ok);
    }
    expect(answers.filter(Boolean)).toHaveLength(10);
    // The public quota is spent: a new visitor is refused by it, the business is not.
    expect(await service.admit(entity, { booking: false, visitor: visitor('10.0.0.99') })).toMatchObject({
      ok: false,
      refused: { name: 'public' },
    });
    for (let i = 0; i < 5; i++) expect((await service.admit(entity, { booking: false })).ok).toBe(true);
    expect(await service.admit(entity, { booking: false })).toMatchObject({
      ok: false,
      refused: { name: 'entity' },
    });
    // The business's own quota spent, visitors are refused by nothing of it.
    const { service: other } = setup({ requests_per_minute: 1, public_requests_per_minute: 10 });
    await other.admit(entity, { booking: false });
    expect((await other.admit(entity, { booking: false })).ok).toBe(false);
    expect((await other.admit(entity, { booking: false, visitor: visitor('10.0.0.1') })).ok).toBe(true);
  });

  it('a refusal counts in no policy, and a refused booking is a metric', async () => {
    const { service, refused } = setup({ public_requests_per_minute: 10, visitor_bookings_per_hour: 1 });
    expect((await service.admit(entity, { booking: true, visitor: visitor('10.0.0.1') })).ok).toBe(true);
    expect(await service.admit(entity, { booking: true, visitor: visitor('10.0.0.1') })).toMatchObject({
      ok: false,
      refused: { name: 'visitor-bookings' },
      retryAfter: 3599,
    });
    expect(refused).toEqual(['limit']);
    // Two requests admitted so far in `public`? No: the refused one counted nothing.
    expect(await service.admit(entity, { booking: false, visitor: visitor('10.0.0.2') })).toMatchObject({
      ok: true,
      states: [{ policy: { name: 'public' }, remaining: 8 }],
    });
  });

  it('reads an entity’s limits at most every 5 s of its own time, whatever the wall clock says', async () => {
    const { service, store, time } = setup({ requests_per_minute: 100 });
    await service.admit(entity, { booking: false });
    await store.set('salon', { requests_per_minute: 1 });
    time.now += 3_600_000;
    await service.admit(entity, { booking: false });
    expect(store.reads).toBe(1);
    time.uptime += LIMITS_CACHE_MS + 1;
    expect(await service.admit(entity, { booking: false })).toMatchObject({
      states: [{ policy: { quota: 1 } }],
    });
    expect(store.reads).toBe(2);
  });

  it('keeps an entity’s limits for the time it is given (LIMITS_CACHE_MS)', async () => {
    const { service, store, time } = setup({ requests_per_minute: 100 }, 200);
    await service.admit(entity, { booking: false });
    time.uptime += 150;
    await service.admit(entity, { booking: false });
    expect(store.reads).toBe(1);
    time.uptime += 100;
    await service.admit(entity, { booking: false });
    expect(store.reads).toBe(2);
  });

  it('counts a kept answer’s age from before its read was sent; shares a read under way; keeps no failure', async () => {
    const { service, store, time } = setup({ requests_per_minute: 100 }, 1_000);
    const slow = store.get.bind(store);
    let release: () => void = () => undefined;
    store.get = (entityId: string) =>
      new Promise((resolve) => {
        release = () => resolve(slow(entityId));
      });
    const first = service.limitsOf('salon');
    const second = service.limitsOf('salon');
    // The read took 0.9 s: its answer is kept 0.1 s more, not 1 s from its arrival.
    time.uptime += 900;
    release();
    expect(await first).toMatchObject({ requests_per_minute: 100 });
    expect(await second).toMatchObject({ requests_per_minute: 100 });
    expect(store.reads).toBe(1);
    store.get = slow;
    await store.set('salon', { requests_per_minute: 5 });
    time.uptime += 99;
    expect(await service.limitsOf('salon')).toMatchObject({ requests_per_minute: 100 });
    time.uptime += 1;
    expect(await service.limitsOf('salon')).toMatchObject({ requests_per_minute: 5 });
    expect(store.reads).toBe(2);
    // A failed read is not kept: the next request reads again.
    time.uptime += 1_000;
    store.get = async () => {
      throw new Error('store down');
    };
    await expect(service.limitsOf('salon')).rejects.toThrow('store down');
    store.get = slow;
    expect(await service.limitsOf('salon')).toMatchObject({ requests_per_minute: 5 });
    expect(store.reads).toBe(3);
  });

  it('setLimits keeps the others, acts at once, and refuses what is not a whole number in bounds', async () => {
    const { service } = setup({ requests_per_minute: 100 });
    expect(await service.setLimits('salon', { public_requests_per_minute: 7 })).toMatchObject({
      requests_per_minute: 100,
      public_requests_per_minute: 7,
    });
    for (const value of [-1, 1.5, '3', 1_000_001]) {
      await expect(service.setLimits('salon', { public_bookings_per_minute: value })).rejects.toThrow(
        AppError,
      );
    }
  });
});
