import type { TokenRecord } from '../../../../shared/features/access/domain/tenant';
import { CachedTokenLookup } from '../../../../shared/features/access/services/token-cache';

/** The token cache alone, over a counting store and a clock the test moves (the bound: token-cache.test.ts). */
function setup(ttlMs: number, size?: number) {
  const time = { now: 0 };
  const reads: string[] = [];
  let failing = false;
  const store = {
    findToken: async (hash: string) => {
      reads.push(hash);
      if (failing) throw new Error('store down');
      return hash.startsWith('known')
        ? ({ entity_id: 'e', token_hash: hash, kind: 'v2' } as TokenRecord)
        : null;
    },
    findCancelToken: async (ref: { entityId: string; appointmentId: number; tokenHash: string }) => {
      reads.push(`${ref.entityId}/${ref.appointmentId}/${ref.tokenHash}`);
      return ref.tokenHash.startsWith('known')
        ? ({ entity_id: ref.entityId, token_hash: ref.tokenHash, kind: 'cancel' } as TokenRecord)
        : null;
    },
  };
  const cache = new CachedTokenLookup(store, { ttlMs, uptime: () => time.now, ...(size ? { size } : {}) });
  return { cache, reads, time, fail: (on: boolean) => (failing = on) };
}

describe('CachedTokenLookup', () => {
  it('never keeps an answer past 5 s, whatever it is given', async () => {
    const { cache, reads, time } = setup(60_000);
    await cache.findToken('known-a');
    time.now = 4_999;
    await cache.findToken('known-a');
    time.now = 5_000;
    await cache.findToken('known-a');
    expect(reads).toEqual(['known-a', 'known-a']);
  });

  it('0: reads every time', async () => {
    const { cache, reads } = setup(0);
    await cache.findToken('known-a');
    await cache.findToken('known-a');
    expect(reads).toHaveLength(2);
  });

  it('shares a read under way, keeps no failure, forgets the oldest past its size', async () => {
    const { cache, reads, time, fail } = setup(5_000, 2);
    const [a, b] = await Promise.all([cache.findToken('known-a'), cache.findToken('known-a')]);
    expect(a).toBe(b);
    expect(reads).toEqual(['known-a']);
    fail(true);
    await expect(cache.findToken('known-b')).rejects.toThrow('store down');
    fail(false);
    await cache.findToken('known-b');
    expect(reads).toEqual(['known-a', 'known-b', 'known-b']);
    await cache.findToken('known-c');
    await cache.findToken('known-a');
    expect(reads.slice(3)).toEqual(['known-c', 'known-a']);
    time.now = 1;
    expect(await cache.findToken('unknown')).toBeNull();
    time.now = 1_000;
    await cache.findToken('unknown');
    time.now = 1_001;
    await cache.findToken('unknown');
    expect(reads.slice(5)).toEqual(['unknown', 'unknown']);
  });

  it('keeps a cancel token that names its appointment as any token, by its hash: known 5 s, unknown 1 s', async () => {
    const { cache, reads, time } = setup(5_000);
    const known = { entityId: 'e', appointmentId: 7, tokenHash: 'known-ct' };
    const unknown = { entityId: 'e', appointmentId: 7, tokenHash: 'forged' };
    expect(await cache.findCancelToken(known)).toMatchObject({ entity_id: 'e', kind: 'cancel' });
    expect(await cache.findCancelToken(unknown)).toBeNull();
    time.now = 999;
    await cache.findCancelToken(known);
    await cache.findCancelToken(unknown);
    expect(reads).toEqual(['e/7/known-ct', 'e/7/forged']);
    time.now = 1_000;
    await cache.findCancelToken(unknown);
    time.now = 4_999;
    await cache.findCancelToken(known);
    time.now = 5_000;
    await cache.findCancelToken(known);
    expect(reads).toEqual(['e/7/known-ct', 'e/7/forged', 'e/7/forged', 'e/7/known-ct']);
  });
});
