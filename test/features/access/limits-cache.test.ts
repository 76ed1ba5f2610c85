import { useStoreProxy } from '../../support/doubles/store-proxy';

/**
 * docs/CONTRACT.md#credentials-in-force: an instance reads an entity's limits at most once per
 * TOKEN_CACHE_SECONDS, as it reads a token (shared/features/access/services/limit-service.ts), so a change
 * of the limits made by another instance or the admin CLI acts on every request within 5 s, never later.
 * Run with the deployed default, 5 s, through a proxy that counts the store's calls; the instance's time is
 * moved by hand.
 */
process.env.TOKEN_CACHE_SECONDS = '5';
const { proxy } = useStoreProxy();

const load = () => ({
  ...(require('../../support/api') as typeof import('../../support/api')),
  ...(require('../../support/fixtures') as typeof import('../../support/fixtures')),
  ...(require('../../../shared/wiring') as typeof import('../../../shared/wiring')),
  ...(require('../../../shared/config') as typeof import('../../../shared/config')),
  ...(require('../../../shared/features/access/store/limit-repository') as typeof import('../../../shared/features/access/store/limit-repository')),
});

const BOUND_MS = 5_000;
type Headers = Record<string, string>;

/** The entity's limits item reads while `fn` runs, and what `fn` answered. */
async function limitReads<T>(fn: () => Promise<T>): Promise<{ reads: number; answer: T }> {
  proxy().calls.length = 0;
  const answer = await fn();
  const reads = proxy()
    .calls.splice(0)
    .filter((call) => /GetItem|BatchGetItem/.test(call) && call.includes('/LIMITS')).length;
  return { reads, answer };
}

/** The requests-per-minute quota a read was counted against (its RateLimit-Policy header). */
const quota = async (headers: Headers): Promise<number> => {
  const answer = await load().viaHandler('GET', '/api/v2/opening-hours', { headers });
  expect(answer.status).toBe(200);
  const policy = String(answer.headers['ratelimit-policy'] ?? '');
  return Number(/"entity";q=(\d+)/.exec(policy)?.[1] ?? Number.NaN);
};

describe("an instance reads an entity's limits once per 5 s", () => {
  afterEach(() => load().useUptime());

  it('keeps them as long as a token (TOKEN_CACHE_SECONDS), never past 5 s', () => {
    const { config } = load();
    expect(config.tokenCacheMs).toBe(BOUND_MS);
    expect(config.limitsCacheMs).toBe(BOUND_MS);
  });

  it('a change made elsewhere is seen by the next request sent 5 s after the read, not before', async () => {
    const { newEntity, useUptime, table, LimitRepository } = load();
    let now = 0;
    useUptime(() => now);
    const entity = await newEntity();
    const account = entity.entity_account_id;
    const elsewhere = new LimitRepository(table());
    await elsewhere.set(account, { requests_per_minute: 1_000 });
    // The first request reads them (the instance has never seen this entity)…
    expect(await limitReads(() => quota(entity.v2))).toEqual({ reads: 1, answer: 1_000 });
    // …and the next ones, for 5 s, read nothing: a change committed meanwhile is not seen yet.
    await elsewhere.set(account, { requests_per_minute: 900 });
    expect(await limitReads(() => quota(entity.v2))).toEqual({ reads: 0, answer: 1_000 });
    now += BOUND_MS - 1;
    expect(await limitReads(() => quota(entity.v2))).toEqual({ reads: 0, answer: 1_000 });
    // 5 s after the read was sent: read again, the change in force.
    now += 1;
    expect(await limitReads(() => quota(entity.v2))).toEqual({ reads: 1, answer: 900 });
    expect(await limitReads(() => quota(entity.v2))).toEqual({ reads: 0, answer: 900 });
  });
});
