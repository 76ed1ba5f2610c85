import { useStoreProxy } from '../support/doubles/store-proxy';

/**
 * Round trips to the store per request, counted by a proxy between the handlers and DynamoDB Local (every
 * call the SDK sends, in the order sent). What is counted is a warm function instance: each scenario's
 * first request warms what an instance keeps (the limits in force, read at most every 5 s). A call that
 * comes back on a request's path fails here whatever the machine's speed: these are counts, never timings
 * (the bench times them: scripts/bench/bookings.ts, scripts/bench/limits.ts).
 */
const { proxy } = useStoreProxy();

const load = () => ({
  ...(require('../support/api') as typeof import('../support/api')),
  ...(require('../support/fixtures') as typeof import('../support/fixtures')),
  ...(require('../../shared/wiring') as typeof import('../../shared/wiring')),
});

type Headers = Record<string, string>;
const ORIGIN = 'https://www.example.fr';

/**
 * A call as `Operation WHAT`: WHAT is the kind of the first key it names (`TOKEN`, `SETTINGS`, `RATE` for
 * a limit's counters, `SEQUENCE`, `IDEMPOTENCY`, `CAL` for the booking's calendar, `SLOT` for the
 * booking's slot and phone or its transaction, `HOURS`…). A warm instance's booking reads its token and its
 * calendar in one strongly consistent BatchGetItem, `BatchGetItem CAL+TOKEN` (the prefetch:
 * shared/http/middleware/token-check.ts), and beside it, in the same round trip, its slot and phone
 * eventually consistent, `BatchGetItem SLOT`.
 */
const label = (line: string): string => {
  const [operation, first = ''] = line.trim().split(' ');
  const [pk = '', sk = ''] = first.split('/');
  const what = pk.startsWith('RATE#') ? 'RATE' : pk.startsWith('TOKEN#') ? 'TOKEN' : sk.split('#')[0];
  const withToken =
    operation === 'BatchGetItem' && what !== 'TOKEN' && line.includes(' TOKEN#') ? '+TOKEN' : '';
  return `${operation} ${what ?? ''}${withToken}`.trim();
};

/** The calls `fn` makes, labelled. */
async function callsOf(fn: () => Promise<unknown>): Promise<string[]> {
  proxy().calls.length = 0;
  await fn();
  return proxy().calls.splice(0).map(label);
}

/**
 * Holds the calls to a path of sequential round trips: each step is a set of calls sent together (in any
 * order among themselves); `background` calls (the limits' count read, which runs while the request goes
 * on) may come anywhere after the step that starts them.
 */
function expectPath(calls: string[], steps: string[][], background: string[] = []) {
  const foreground = [...calls];
  for (const call of background) {
    const at = foreground.indexOf(call);
    expect({ missing: call, calls }).toEqual({ missing: call, calls: expect.arrayContaining([call]) });
    foreground.splice(at, 1);
  }
  const got: string[][] = [];
  let at = 0;
  for (const step of steps) {
    got.push([...foreground.slice(at, at + step.length)].sort());
    at += step.length;
  }
  expect({ steps: got, rest: foreground.slice(at) }).toEqual({
    steps: steps.map((s) => [...s].sort()),
    rest: [],
  });
}

/** An entity with these limits, slots to book, and a warm instance (one booking made). */
async function scenario(limits: Record<string, number>, withKey = false) {
  const { newEntity, viaHandler, services, ALWAYS_OPEN, futureWorkingDate, mobile } = load();
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  await services().admin.setLimits(entity.entity_account_id, limits);
  const slots = (
    await viaHandler('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: futureWorkingDate(30), max_appointments: 1000 },
    })
  ).json.data as Array<{ id: number }>;
  let headers: Headers = entity.v2;
  if (withKey) {
    const created = await viaHandler('POST', '/api/v2/keys', {
      headers: entity.v2,
      body: { name: 'site', allowed_origins: [ORIGIN] },
    });
    headers = { 'Access-Token': String(created.json.data.key), Origin: ORIGIN };
  }
  let phone = 0;
  /** Books the first slot, as a new client (or as the client of phone `returning`). */
  const book = async (extra: Headers = {}, status = 200, returning?: number) => {
    phone += 1;
    const answer = await viaHandler('POST', '/api/v2/appointments', {
      headers: { ...headers, ...extra },
      body: {
        client_name: 'Ada Lovelace',
        client_phone: mobile(returning ?? phone),
        slot_id: slots[0]?.id,
      },
    });
    expect(answer.status).toBe(status);
    return answer;
  };
  const read = async () => {
    const answer = await viaHandler('GET', '/api/v2/opening-hours', { headers });
    expect(answer.status).toBe(200);
    return answer;
  };
  await book();
  await read();
  return { book, read, headers };
}

/** A new entity (no limits, no booking yet: its tokens unseen by the instance) with slots to book. */
async function withSlots(daysAhead: number) {
  const { newEntity, viaHandler, ALWAYS_OPEN, futureWorkingDate } = load();
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const slots = (
    await viaHandler('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: futureWorkingDate(daysAhead), max_appointments: 10 },
    })
  ).json.data as Array<{ id: number }>;
  return { entity, slots };
}

describe('round trips per request (warm instance)', () => {
  // The limits' windows see one instant (the first of an hour): every request of a scenario falls in one
  // window of each limit, and the headers' counts and resets are exact.
  const HOUR = 3_600_000;
  const FIXED_AT = (Math.floor(Date.now() / HOUR) + 1) * HOUR;
  // And the instance's own time stands still: the limits it read stay cached however slow the machine.
  beforeAll(() => {
    load().useClock(() => FIXED_AT);
    load().useUptime(() => 0);
  });
  afterAll(() => {
    load().useClock();
    load().useUptime();
  });

  it('a booking with a secret token, no limit: token and snapshot in one read, the transaction', async () => {
    const { book } = await scenario({});
    const calls = await callsOf(async () => {
      const answer = await book();
      // Nothing read after the transaction: the answer shows the place it took.
      expect(answer.json.data).toMatchObject({ max_appointments: 1000, available_slots: 998 });
    });
    // The ids come from the block the first booking reserved (16: shared/features/booking/store/id-blocks.ts).
    expectPath(calls, [['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'], ['TransactWriteItems SLOT']]);
  });

  it('the first booking of a token in an instance: token, then snapshot with a block of ids', async () => {
    const { viaHandler, mobile } = load();
    const { entity, slots } = await withSlots(31);
    const book = (headers: Headers) =>
      viaHandler('POST', '/api/v2/appointments', {
        headers,
        body: { client_name: 'Ada Lovelace', client_phone: mobile(7), slot_id: slots[0]?.id },
      });
    const calls = await callsOf(async () => expect((await book(entity.v2)).status).toBe(200));
    expectPath(calls, [
      ['GetItem TOKEN'],
      ['GetItem CAL', 'BatchGetItem SLOT', 'UpdateItem SEQUENCE'],
      ['TransactWriteItems SLOT'],
    ]);
    // Its secret rotated, the old token's booking is refused however it was read ahead: nothing written.
    await load()
      .services()
      .admin.rotateSecret(entity.entity_account_id, 'a-new-secret-of-at-least-32-characters');
    const refused = await callsOf(async () => expect((await book(entity.v2)).status).toBe(401));
    expect([...refused].sort()).toEqual(['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT']);
  });

  it('a v1 booking: the same two round trips once its token has booked in the instance', async () => {
    const { viaHandler, mobile } = load();
    const { entity, slots } = await withSlots(32);
    const book = (phone: number) =>
      viaHandler('POST', '/api/appointment', {
        headers: entity.v1,
        body: {
          calendar_id: 1,
          slot_id: slots[0]?.id,
          client_firstname: 'Ada',
          client_lastname: 'Lovelace',
          client_email: 'ada@example.com',
          client_phone: mobile(phone),
        },
      });
    const first = await callsOf(async () => expect((await book(1)).status).toBe(200));
    expectPath(first, [
      ['GetItem TOKEN'],
      ['GetItem CAL', 'BatchGetItem SLOT', 'UpdateItem SEQUENCE'],
      ['TransactWriteItems SLOT'],
    ]);
    const warm = await callsOf(async () => expect((await book(2)).status).toBe(200));
    expectPath(warm, [['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'], ['TransactWriteItems SLOT']]);
  });

  it('a returning client’s booking: its client item read once the phone item names it; then in its place', async () => {
    const { book } = await scenario({});
    const calls = await callsOf(() => book({}, 200, 1));
    expectPath(calls, [
      ['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'],
      ['GetItem CLIENT'],
      ['TransactWriteItems SLOT'],
    ]);
    // The instance remembers whom the phone names (a phone item never changes): the client item is read
    // beside the slot, in the phone item's place.
    proxy().calls.length = 0;
    await book({}, 200, 1);
    const again = proxy().calls.splice(0);
    expectPath(again.map(label), [
      ['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'],
      ['TransactWriteItems SLOT'],
    ]);
    const snapshot = again.find((call) => call.startsWith('BatchGetItem') && call.includes('/SLOT#')) ?? '';
    expect(snapshot).toMatch(/\/CLIENT#/);
    expect(snapshot).not.toMatch(/\/PHONE#/);
  });

  it('a generation: its calendar, both weeks and the date’s closure day in one round trip, then its slots', async () => {
    const { viaHandler, futureWorkingDate } = load();
    const { entity } = await withSlots(33);
    const calls = await callsOf(async () => {
      const answer = await viaHandler('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(34), max_appointments: 2 },
      });
      expect(answer.status).toBe(200);
    });
    // Strongly consistent (the calendar, its own hours) and eventually consistent (the entity's week, the
    // closure day) reads go as two BatchGetItems, sent together; then the date's slots and the calendar's
    // time off of the date, together.
    expectPath(calls, [
      ['GetItem TOKEN'],
      ['BatchGetItem CAL', 'BatchGetItem HOURS'],
      ['Query', 'Query'],
      ['UpdateItem SEQUENCE'],
      ['TransactWriteItems SLOT'],
    ]);
  });

  it('a booking with both entity limits: one conditional write for both', async () => {
    const { book, read } = await scenario({ requests_per_minute: 100_000, bookings_per_minute: 100_000 });
    const calls = await callsOf(async () => {
      const answer = await book();
      // Slots generated, a booking and a read to warm, this booking: the fourth request, the second booking.
      expect(answer.headers.ratelimit).toBe('"entity";r=99996;t=60, "entity-bookings";r=99998;t=60');
    });
    expectPath(calls, [
      ['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'],
      ['UpdateItem RATE'],
      ['TransactWriteItems SLOT'],
    ]);
    // A read runs beside its count (the count's write answers it or turns it into a 429).
    expectPath(await callsOf(read), [['GetItem TOKEN'], ['GetItem HOURS', 'UpdateItem RATE']]);
  });

  it('a read is not kept waiting by its limit write: the hours are read while the count is unanswered', async () => {
    const { read } = await scenario({ requests_per_minute: 100_000 });
    const hold = proxy().holdAnswer(
      (call) => label(call) === 'UpdateItem RATE',
      (call) => label(call) === 'GetItem HOURS',
    );
    const answer = await read();
    expect(hold.released).toBe('arrival');
    // Slots generated, a booking and a read to warm, this read: the fourth request.
    expect(answer.headers.ratelimit).toBe('"entity";r=99996;t=60');
  });

  it('a read over its limit answers the 429, not what it read', async () => {
    const { read, headers } = await scenario({ requests_per_minute: 4 });
    // Slots generated, a booking and a read to warm, this read: the fourth request, the last admitted.
    await read();
    const refused = await load().viaHandler('GET', '/api/v2/opening-hours', { headers });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      success: false,
      data: [],
      message: expect.stringMatching(/^too many requests, retry in \d+ s$/),
      code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['ratelimit-policy']).toBe('"entity";q=4;w=60');
  });

  it('a booking over the bookings limit, below the requests one: refused by one write, naming it, counting nothing', async () => {
    const { book, read } = await scenario({ requests_per_minute: 100, bookings_per_minute: 2 });
    await book();
    const refused = await callsOf(async () => {
      const answer = await book({}, 429);
      expect(answer.headers['ratelimit-policy']).toBe('"entity-bookings";q=2;w=60');
    });
    // Its snapshot was read with its token (the prefetch), and is dropped.
    expectPath(refused, [['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'], ['UpdateItem RATE']]);
    const answer = await read();
    // Slots generated, a booking and a read to warm, a booking, the refused one (not counted), this read.
    expect(answer.headers.ratelimit).toBe('"entity";r=95;t=60');
  });

  it('a booking with an Idempotency-Key: its claim before, its answer after', async () => {
    const { book } = await scenario({});
    const calls = await callsOf(() => book({ 'Idempotency-Key': 'order-1' }));
    expectPath(calls, [
      ['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'],
      ['PutItem IDEMPOTENCY'],
      ['TransactWriteItems SLOT'],
      ['UpdateItem IDEMPOTENCY'],
    ]);
  });

  it('a publishable key with every public and visitor limit: one write for all, the counts read aside', async () => {
    const { book, read } = await scenario(
      {
        public_requests_per_minute: 100_000,
        public_bookings_per_minute: 100_000,
        visitor_requests_per_minute: 100_000,
        visitor_bookings_per_hour: 100_000,
      },
      true,
    );
    const calls = await callsOf(async () => {
      const answer = await book();
      expect(answer.headers['ratelimit-policy']).toBe(
        '"public";q=100000;w=60, "public-bookings";q=100000;w=60, "visitor";q=100000;w=60, "visitor-bookings";q=100000;w=3600',
      );
      // A booking and a read to warm, this booking: the key's third request, its second booking.
      expect(answer.headers.ratelimit).toBe(
        '"public";r=99997;t=60, "public-bookings";r=99998;t=60, "visitor";r=99997;t=60, "visitor-bookings";r=99998;t=3600',
      );
    });
    // A key's booking also reads the lists of its live caps (its visitor, its phone: docs/CONTRACT.md#live-caps),
    // then the bookings they list (the warm-up's), and writes the lists in its own transaction.
    expectPath(
      calls,
      [
        ['BatchGetItem CAL+TOKEN', 'BatchGetItem SLOT'],
        ['TransactWriteItems RATE'],
        ['BatchGetItem LIVECAP'],
        ['GetItem APPT'],
        ['TransactWriteItems SLOT'],
      ],
      ['BatchGetItem RATE'],
    );
    expectPath(
      await callsOf(read),
      [['GetItem TOKEN'], ['GetItem HOURS', 'TransactWriteItems RATE']],
      ['BatchGetItem RATE'],
    );
  });

  it('a publishable key with its visitor limits only: one conditional write, no read', async () => {
    const { read } = await scenario(
      { visitor_requests_per_minute: 100_000, visitor_bookings_per_hour: 100_000 },
      true,
    );
    const calls = await callsOf(async () => {
      const answer = await read();
      expect(answer.headers.ratelimit).toBe('"visitor";r=99997;t=60');
    });
    expectPath(calls, [['GetItem TOKEN'], ['GetItem HOURS', 'UpdateItem RATE']]);
  });

  it('a publishable key reads the settings with its token, and sees a change of them at once', async () => {
    const { viaHandler, newEntity } = load();
    const entity = await newEntity();
    const created = await viaHandler('POST', '/api/v2/keys', {
      headers: entity.v2,
      body: { name: 'site', allowed_origins: [ORIGIN] },
    });
    const key = { 'Access-Token': String(created.json.data.key), Origin: ORIGIN };
    const business = () => viaHandler('GET', '/api/v2/business', { headers: key });
    const calls = await callsOf(async () => expect((await business()).status).toBe(200));
    // The token item, then whether the business offers services (a Query): no settings read.
    expectPath(calls, [['GetItem TOKEN'], ['Query']]);
    const changed = await viaHandler('POST', '/api/v2/settings', {
      headers: entity.v2,
      body: { name: 'Salon Renamed', timezone: 'America/New_York' },
    });
    expect(changed.status).toBe(200);
    expect((await business()).json.data).toMatchObject({ name: 'Salon Renamed' });
    // A second key, made after the change, carries it too.
    const second = await viaHandler('POST', '/api/v2/keys', {
      headers: entity.v2,
      body: { name: 'site 2', allowed_origins: [ORIGIN] },
    });
    const again = await viaHandler('GET', '/api/v2/business', {
      headers: { 'Access-Token': String(second.json.data.key), Origin: ORIGIN },
    });
    expect(again.json.data).toMatchObject({ name: 'Salon Renamed' });
  });
  describe('reads whose steps do not wait on each other go together', () => {
    /** An entity with one booked appointment (its client too), its day, and a warm instance for both tokens. */
    async function booked(daysAhead: number) {
      const { viaHandler, mobile, futureWorkingDate } = load();
      const { entity, slots } = await withSlots(daysAhead);
      const answer = await viaHandler('POST', '/api/v2/appointments', {
        headers: entity.v2,
        body: { client_name: 'Ada Lovelace', client_phone: mobile(1), slot_id: slots[0]?.id },
      });
      expect(answer.status).toBe(200);
      const v1 = (path: string) => viaHandler('GET', path, { headers: entity.v1 });
      const v2 = (path: string) => viaHandler('GET', path, { headers: entity.v2 });
      expect((await v1('/api/calendars')).status).toBe(200);
      expect((await v2('/api/v2/opening-hours')).status).toBe(200);
      const appointment = answer.json.data as { id: number; client_id: number };
      return { v1, v2, appointment, day: futureWorkingDate(daysAhead) };
    }
    /** The calls of a GET that must answer 200. */
    const callsOfRead = (read: () => Promise<{ status: number }>) =>
      callsOf(async () => expect((await read()).status).toBe(200));

    it('v1 a calendar’s appointments of a day: its id and the calendars, then the day’s count and first page', async () => {
      const { v1, day } = await booked(35);
      const path = `/api/appointments/1?date_from=${day}&date_to=${day}`;
      expectPath(await callsOfRead(() => v1(path)), [
        ['GetItem TOKEN'],
        ['GetItem APPT', 'Query'],
        ['Query', 'Query'],
      ]);
      // The first page's query is sent while the count's (the day items) is unanswered.
      let queries = 0;
      const hold = proxy().holdAnswer(
        (call) => label(call) === 'Query' && ++queries === 2,
        (call) => label(call) === 'Query',
      );
      expect((await v1(path)).json.data).toHaveLength(1);
      expect(hold.released).toBe('arrival');
    });

    it('v1 an appointment by id: it and the calendars (its calendar’s name) in one step', async () => {
      const { v1, appointment } = await booked(36);
      const calls = await callsOfRead(() => v1(`/api/appointments/${appointment.id}`));
      expectPath(calls, [['GetItem TOKEN'], ['GetItem APPT', 'Query']]);
    });

    it('v1 the clients of a calendar: client n and calendar n together, then its members, then their clients', async () => {
      const { v1, appointment } = await booked(37);
      const calls = await callsOfRead(() => v1('/api/clients/1?per_page=20'));
      expectPath(calls, [
        ['GetItem TOKEN'],
        ['GetItem CAL', 'GetItem CLIENT'],
        ['Query'],
        ['BatchGetItem CLIENT'],
      ]);
      const client = await callsOfRead(() => v1(`/api/clients/${appointment.client_id}`));
      expectPath(client, [['GetItem TOKEN'], ['GetItem CAL', 'GetItem CLIENT']]);
    });

    it('v2 slots of a range: the calendar and its slots together', async () => {
      const { v2, day } = await booked(38);
      const path = `/api/v2/calendar-slots?from=${day}&to=${day}`;
      expectPath(await callsOfRead(() => v2(path)), [['GetItem TOKEN'], ['GetItem CAL', 'Query']]);
      // Whichever of the two arrives first is held until the other arrives.
      const either = (call: string) => label(call) === 'Query' || label(call) === 'GetItem CAL';
      const hold = proxy().holdAnswer(either, either);
      expect((await v2(path)).json.data).not.toHaveLength(0);
      expect(hold.released).toBe('arrival');
    });
  });
});
