import { useStoreProxy } from '../../support/doubles/store-proxy';

/**
 * docs/CONTRACT.md#credentials-in-force: the reads that show or filter by calendars (slots, hours,
 * availability, the v1 lists) read an entity's calendars at most once per TOKEN_CACHE_SECONDS and instance
 * (shared/features/schedule/store/calendar-cache.ts); a change made through the instance is seen at once,
 * one made elsewhere within 5 s. Run with the deployed default, 5 s, through a proxy that counts the
 * store's calls; the instance's time is moved by hand.
 */
process.env.TOKEN_CACHE_SECONDS = '5';
const { proxy } = useStoreProxy();

const load = () => ({
  ...(require('../../support/api') as typeof import('../../support/api')),
  ...(require('../../support/fixtures') as typeof import('../../support/fixtures')),
  ...(require('../../../shared/wiring') as typeof import('../../../shared/wiring')),
  ...(require('../../../shared/features/schedule/store/calendar-repository') as typeof import('../../../shared/features/schedule/store/calendar-repository')),
});

const BOUND_MS = 5_000;
type Headers = Record<string, string>;

/** The calendar items read (a calendar's GetItem or the entity's CAL# range) while `fn` runs. */
async function calendarReads(fn: () => Promise<unknown>): Promise<number> {
  proxy().calls.length = 0;
  await fn();
  return proxy()
    .calls.splice(0)
    .filter((call) => call.includes('CAL#') && /GetItem|Query|BatchGet/.test(call)).length;
}

const get = async (path: string, headers: Headers) => {
  const answer = await load().viaHandler('GET', path, { headers });
  expect(answer.status).toBe(200);
  return answer.json;
};

describe('an instance reads an entity calendars once per 5 s', () => {
  afterEach(() => load().useUptime());

  it('the slots of a day and the v1 calendars read them once; past 5 s again', async () => {
    const { newEntity, useUptime, futureWorkingDate } = load();
    let now = 0;
    useUptime(() => now);
    const entity = await newEntity();
    const day = `/api/v2/calendar-slots?date=${futureWorkingDate()}`;
    await get(day, entity.v2); // the token, read once
    now += BOUND_MS;
    expect(await calendarReads(() => get(day, entity.v2))).toBe(1);
    expect(await calendarReads(() => get(day, entity.v2))).toBe(0);
    expect(await calendarReads(() => get('/api/calendars', entity.v1))).toBe(0);
    now += BOUND_MS - 1;
    expect(await calendarReads(() => get('/api/calendars', entity.v1))).toBe(0);
    now += 1;
    expect(await calendarReads(() => get('/api/calendars', entity.v1))).toBe(1);
  });

  it('a change through this instance is seen at once; one made elsewhere within 5 s', async () => {
    const { newEntity, useUptime, viaHandler, table, CalendarRepository } = load();
    let now = 0;
    useUptime(() => now);
    const entity = await newEntity();
    const names = async () =>
      ((await get('/api/calendars', entity.v1)).data as Array<{ name?: string; calendar_name?: string }>).map(
        (c) => c.name ?? c.calendar_name,
      );
    const before = await names();
    const renamed = await viaHandler('POST', '/api/v2/calendars/update', {
      headers: entity.v2,
      body: { id: 1, name: 'Chloé' },
    });
    expect(renamed.status).toBe(200);
    expect(await names()).not.toEqual(before);
    expect(await names()).toContain('Chloé');
    // Another instance (its own repository, no memory of ours) renames it again.
    await new CalendarRepository(table()).update(
      entity.entity_account_id,
      1,
      { calendar_name: 'Inès' },
      new Date().toISOString(),
    );
    expect(await names()).toContain('Chloé');
    now += BOUND_MS;
    expect(await names()).toContain('Inès');
  });
});
