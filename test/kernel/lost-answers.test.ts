import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { answerLostOnce, seededFaults } from '../support/doubles/store-faults';
import { useStoreProxy } from '../support/doubles/store-proxy';

/**
 * Issue 56: a lost answer is never a refusal nor a double. The proxy lets the store do one write and drops
 * its answer; the SDK's retry of that write meets its own success, and each write recognises it (a
 * transaction by its ClientRequestToken, the Idempotency-Key's claim by its claim id, a single item by the
 * request's own marker): the request answers as its first try would have, once, with capacity exact.
 */
const { proxy } = useStoreProxy();
// The SDK must be let retry the write whose answer was lost: two tries.
process.env.AWS_MAX_ATTEMPTS = '2';

const load = () => ({
  ...(require('../support/api') as typeof import('../support/api')),
  ...(require('../support/fixtures') as typeof import('../support/fixtures')),
  ...(require('../support/invariants') as typeof import('../support/invariants')),
  ...(require('../../shared/wiring') as typeof import('../../shared/wiring')),
  ...(require('../../shared/config') as typeof import('../../shared/config')),
});
type Entity = Awaited<ReturnType<ReturnType<typeof load>['newEntity']>>;
type Answer = Awaited<ReturnType<ReturnType<typeof load>['viaHandler']>>;

/**
 * Runs `request` with the answer of the first call `matches` (`Operation pk/sk …`) lost after the store did
 * it; checks it was lost and retried (the same call again), and gives the answer.
 */
async function withFirstAnswerLost(matches: (call: string) => boolean, request: () => Promise<Answer>) {
  const fault = answerLostOnce((call) => matches(call));
  proxy().mode = { inject: fault.inject };
  try {
    const answer = await request();
    expect(fault.lost()).toBe(true);
    expect(fault.matched.length).toBeGreaterThanOrEqual(2);
    return { answer, sent: fault.matched };
  } finally {
    proxy().mode = 'pass';
  }
}
const transaction = (call: string) => call.startsWith('TransactWriteItems');

describe('DynamoDB Local, what a retry of a done write meets', () => {
  it('honours a TransactWriteItems ClientRequestToken: the same again succeeds, written once', async () => {
    const { documentClient, config } = load();
    const doc = documentClient();
    const step = (token: string, cap: number) =>
      new TransactWriteCommand({
        ClientRequestToken: token,
        TransactItems: [
          {
            Update: {
              TableName: config.tableName,
              Key: { pk: 'PROOF#token', sk: 'COUNT' },
              UpdateExpression: 'ADD n :one',
              ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
              ExpressionAttributeValues: { ':one': 1, ':cap': cap },
            },
          },
        ],
      });
    await doc.send(step('proof-1', 1));
    // The same request again (the SDK's retry after a lost answer): success, and nothing written twice.
    await expect(doc.send(step('proof-1', 1))).resolves.toBeDefined();
    const read = async () =>
      (
        await doc.send(
          new GetCommand({ TableName: config.tableName, Key: { pk: 'PROOF#token', sk: 'COUNT' } }),
        )
      ).Item?.n;
    expect(await read()).toBe(1);
    // Another token meets the condition; the same token with other parameters is refused as a mismatch.
    await expect(doc.send(step('proof-2', 1))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    await expect(doc.send(step('proof-1', 5))).rejects.toMatchObject({
      name: 'IdempotentParameterMismatchException',
    });
    expect(await read()).toBe(1);
  });

  it('answers ALL_OLD with a failed single-item condition (ReturnValuesOnConditionCheckFailure)', async () => {
    const { documentClient, config } = load();
    const doc = documentClient();
    const Item = { pk: 'PROOF#old', sk: 'ITEM', last_write: 'w-1' };
    await doc.send(new PutCommand({ TableName: config.tableName, Item }));
    await expect(
      doc.send(
        new PutCommand({
          TableName: config.tableName,
          Item,
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      Item: { pk: { S: 'PROOF#old' }, sk: { S: 'ITEM' }, last_write: { S: 'w-1' } },
    });
  });

  it('the SDK fills the ClientRequestToken once and sends the same on its retry', async () => {
    const { viaHandler: call, newEntity, ALWAYS_OPEN, futureWorkingDate, mobile } = load();
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(20), max_appointments: 1 },
      })
    ).json.data;
    const { sent } = await withFirstAnswerLost(transaction, () =>
      call('POST', '/api/v2/appointments', {
        headers: entity.v2,
        body: { client_name: 'A B', client_phone: mobile(1), slot_id: slot.id },
      }),
    );
    const tokens = sent.map((body) => JSON.parse(body).ClientRequestToken);
    expect(tokens[0]).toEqual(expect.any(String));
    expect(new Set(tokens)).toEqual(new Set([tokens[0]]));
  });
});

describe('a lost answer answers as the first try', () => {
  let entity: Entity;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  let slots: any[];
  let next = 0;
  const v2 = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    load().viaHandler(method, `/api/v2${path}`, {
      headers: headers ?? entity.v2,
      ...(body === undefined ? {} : { body }),
    });
  const bookV2 = (headers?: Record<string, string>) => {
    next++;
    return v2(
      'POST',
      '/appointments',
      { client_name: `Client ${next}`, client_phone: load().mobile(next), slot_id: slots[next]?.id },
      headers,
    );
  };
  /** Places taken equal live appointments, every counter right, and no appointment twice. */
  const exact = async () => {
    const { counterDrift, partition } = load();
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    const items = await partition(entity.entity_account_id);
    const appointments = items.filter((i) => i.type === 'appointment');
    const phones = appointments.map((a) => a.client_phone);
    expect(new Set(phones).size).toBe(phones.length);
  };

  beforeAll(async () => {
    const { newEntity, ALWAYS_OPEN, futureWorkingDate } = load();
    entity = await newEntity({ hours: ALWAYS_OPEN });
    slots = (
      await v2('POST', '/calendar-slots/generate', { date: futureWorkingDate(30), max_appointments: 1 })
    ).json.data;
  });

  it('a v2 booking without an Idempotency-Key: 200 once', async () => {
    const { answer } = await withFirstAnswerLost(transaction, () => bookV2());
    expect(answer.status).toBe(200);
    expect(answer.json.data.cancel_token).toEqual(expect.any(String));
    await exact();
  });

  it('a v2 booking with an Idempotency-Key whose claim lost its answer: 200, not "in progress"', async () => {
    const key = { ...entity.v2, 'Idempotency-Key': 'lost-claim-1' };
    const { answer } = await withFirstAnswerLost(
      (call) => call.startsWith('PutItem') && call.includes('IDEMPOTENCY#'),
      () => bookV2(key),
    );
    expect(answer.status).toBe(200);
    await exact();
    // The key answers its booking again, the same one.
    next--;
    const again = await bookV2(key);
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(answer.json.data.id);
  });

  it('a v2 booking with an Idempotency-Key whose transaction lost its answer: 200 once', async () => {
    const { answer } = await withFirstAnswerLost(transaction, () =>
      bookV2({ ...entity.v2, 'Idempotency-Key': 'lost-commit-1' }),
    );
    expect(answer.status).toBe(200);
    await exact();
  });

  it('a v2 cancel and a v2 reschedule: 200, as their first try', async () => {
    const booked = (await bookV2()).json.data;
    const moved = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/appointments/reschedule', { cancel_token: booked.cancel_token, slot_id: slots[11].id }),
    );
    expect(moved.answer.status).toBe(200);
    await exact();
    const cancelled = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/appointments/cancel', { cancel_token: booked.cancel_token }),
    );
    expect(cancelled.answer.status).toBe(200);
    await exact();
  });

  it('a v1 booking, status change and move: 200, as their first try', async () => {
    next++;
    const v1 = (method: string, path: string, body: unknown) =>
      load().viaHandler(method, `/api${path}`, { headers: entity.v1, body });
    const created = await withFirstAnswerLost(transaction, () =>
      v1('POST', '/appointment', {
        calendar_id: 1,
        slot_id: slots[next].id,
        client_firstname: 'V',
        client_lastname: 'One',
        client_email: 'v1@acme.fr',
        client_phone: load().mobile(next),
        status: 'pending',
      }),
    );
    expect(created.answer.status).toBe(200);
    const id = created.answer.json.data.appointment.appointment_id;
    await exact();
    const status = await withFirstAnswerLost(transaction, () =>
      v1('PUT', `/appointment/${id}`, { status: 'confirmed' }),
    );
    expect(status.answer.status).toBe(200);
    await exact();
    const move = await withFirstAnswerLost(transaction, () =>
      v1('PUT', `/appointment/${id}`, { slot_id: slots[10].id }),
    );
    expect(move.answer.status).toBe(200);
    await exact();
  });

  it('a key, a service and a webhook created once each', async () => {
    const key = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/keys', { name: 'site', allowed_origins: ['https://shop.example'] }),
    );
    expect(key.answer.status).toBe(200);
    expect((await v2('GET', '/keys')).json.data).toHaveLength(1);
    const service = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/services', { name: 'Cut', duration: 30 }),
    );
    expect(service.answer.status).toBe(200);
    expect((await v2('GET', '/services')).json.data).toHaveLength(1);
    const hook = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' }),
    );
    expect(hook.answer.status).toBe(200);
    expect((await v2('GET', '/webhooks')).json.data).toHaveLength(1);
  });
});

describe('settings, closures and open days whose answer was lost', () => {
  it('a settings change and a closure day: 200 once, as their first try', async () => {
    const { newEntity, viaHandler, futureWorkingDate } = load();
    const entity = await newEntity();
    const v2 = (method: string, path: string, body?: unknown) =>
      viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body === undefined ? {} : { body }) });
    const settings = await withFirstAnswerLost(transaction, () =>
      v2('POST', '/settings', { slot_duration: 45 }),
    );
    expect(settings.answer.status).toBe(200);
    expect(settings.answer.json.data).toMatchObject({ slot_duration: 45 });
    expect((await v2('GET', '/settings')).json.data).toMatchObject({ slot_duration: 45 });

    const date = futureWorkingDate(40);
    const closure = await withFirstAnswerLost(
      (call) => call.startsWith('PutItem') && call.includes('CLOSURE#'),
      () => v2('POST', '/closures', { date, name: 'Inventory' }),
    );
    expect(closure.answer.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
    const closures = (await v2('GET', '/closures')).json.data as any[];
    expect(closures.filter((c) => c.date === date)).toHaveLength(1);
  });

  it('open days: every day gets its slots once when a slot write lost its answer', async () => {
    const { newEntity, viaHandler, ALWAYS_OPEN, ALWAYS_OPEN_SLOTS, services } = load();
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    // Open days ahead, set while nothing fails (the stream's own run is not awaited here).
    expect(
      (await viaHandler('POST', '/api/v2/settings', { headers: entity.v2, body: { open_days_ahead: 3 } }))
        .status,
    ).toBe(200);
    const writes = (call: string) =>
      /^(TransactWriteItems|PutItem|BatchWriteItem)/.test(call) && call.includes('SLOT');
    const fault = answerLostOnce(writes);
    proxy().mode = { inject: fault.inject };
    try {
      await services().openDays.openEntity(entity.entity_account_id);
    } finally {
      proxy().mode = 'pass';
    }
    expect(fault.lost()).toBe(true);
    // Run again as the schedule would: nothing more to open, and no start time twice.
    await services().openDays.openEntity(entity.entity_account_id);
    const { addDays } = require('../../shared/core/dates') as typeof import('../../shared/core/dates');
    const today = new Date().toISOString().slice(0, 10);
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 5)}`;
    const slots = (await viaHandler('GET', `/api/v2/calendar-slots?${range}`, { headers: entity.v2 })).json
      .data as Array<{ date: string; start_time: string }>;
    const perDay = new Map<string, number>();
    for (const slot of slots) perDay.set(slot.date, (perDay.get(slot.date) ?? 0) + 1);
    expect([...perDay.values()]).toEqual([ALWAYS_OPEN_SLOTS, ALWAYS_OPEN_SLOTS, ALWAYS_OPEN_SLOTS]);
    expect(new Set(slots.map((s) => `${s.date} ${s.start_time}`)).size).toBe(slots.length);
  });
});

describe('a counter step whose answer was lost', () => {
  it('counts once: the last request of a quota is let through, not refused by its own step', async () => {
    const { newEntity, services, viaHandler } = load();
    const entity = await newEntity();
    await services().admin.setLimits(entity.entity_account_id, { requests_per_minute: 1 });
    const { answer } = await withFirstAnswerLost(
      (call) => call.startsWith('UpdateItem') && call.includes('RATE#'),
      () => viaHandler('GET', '/api/v2/opening-hours', { headers: entity.v2 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.ratelimit).toMatch(/r=0/);
    const next = await viaHandler('GET', '/api/v2/opening-hours', { headers: entity.v2 });
    expect(next.status).toBe(429);
  });
});

describe('the seeded fault proxy', () => {
  it('plays the same faults for the same seed, and counts them by kind', () => {
    const rates = { throttle: 0.1, internal: 0.05, drop: 0.05, answerLost: 0.05, slow: 0.05, slowMs: 1 };
    const play = (seed: number) => {
      const faults = seededFaults(seed, rates);
      const played = Array.from({ length: 400 }, (_, i) =>
        JSON.stringify(faults.inject(i % 2 ? 'PutItem E#1/X' : 'GetItem E#1/X', '{}') ?? null),
      );
      return { played, counts: faults.counts };
    };
    const first = play(7);
    expect(play(7)).toEqual(first);
    expect(play(8).played).not.toEqual(first.played);
    expect(first.counts.requests).toBe(400);
    const total = Object.values(first.counts.faults).reduce((a, b) => a + b, 0);
    // About 30 % of the calls meet a fault; every kind is played.
    expect(total).toBeGreaterThan(80);
    expect(total).toBeLessThan(160);
    for (const n of Object.values(first.counts.faults)) expect(n).toBeGreaterThan(0);
  });
});
