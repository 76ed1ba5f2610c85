import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useStoreProxy } from '../../support/doubles/store-proxy';

/**
 * Idempotency that survives crashes (issue: valid work is never lost or done twice). A proxy between the
 * handlers and DynamoDB Local lets a booking with an Idempotency-Key reach one step (the claim, the
 * transaction) and then cuts the store off, as if the function died there. Retries with the same key
 * must then either book exactly once or replay the one booking, and no key stays locked longer than the
 * function's timeout.
 */
const { proxy, realEndpoint } = useStoreProxy();

const load = () => ({
  ...(require('../../support/api') as typeof import('../../support/api')),
  ...(require('../../support/fixtures') as typeof import('../../support/fixtures')),
  ...(require('../../support/invariants') as typeof import('../../support/invariants')),
});

/** The idempotency record as stored, read around the proxy. */
async function record(entityId: string, key: string): Promise<Record<string, unknown> | undefined> {
  const { createDocumentClient } =
    require('../../../shared/db/client') as typeof import('../../../shared/db/client');
  const keys = require('../../../shared/db/keys') as typeof import('../../../shared/db/keys');
  const doc = createDocumentClient({ endpoint: realEndpoint, region: 'eu-west-3' });
  const result = await doc.send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.idempotency(entityId, 'POST /api/v2/appointments', key),
      ConsistentRead: true,
    }),
  );
  return result.Item;
}

/** As if the function's timeout had passed: the claim's deadline moves into the past. */
async function holdEnds(entityId: string, key: string): Promise<void> {
  const { createDocumentClient } =
    require('../../../shared/db/client') as typeof import('../../../shared/db/client');
  const keys = require('../../../shared/db/keys') as typeof import('../../../shared/db/keys');
  const doc = createDocumentClient({ endpoint: realEndpoint, region: 'eu-west-3' });
  await doc.send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: keys.idempotency(entityId, 'POST /api/v2/appointments', key),
      UpdateExpression: 'SET held_until = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  );
}

async function setUp() {
  const { viaHandler: call, newEntity, ALWAYS_OPEN, futureWorkingDate } = load();
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const [slot] = (
    await call('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: futureWorkingDate(20), max_appointments: 5 },
    })
  ).json.data;
  return { call, entity, slotId: slot.id as number };
}

const HOLD_MS = 10_000;

describe.each([
  ['after the claim, before the booking transaction', 'PutItem', 'booked once, after the hold'],
  [
    'after the booking transaction, before the answer',
    'TransactWriteItems',
    'the committed booking replayed',
  ],
])('the function dies %s', (_when, lastCall, outcome) => {
  it(`no key locked past the function's timeout, no double booking: ${outcome}`, async () => {
    const { call, entity, slotId } = await setUp();
    const { partition, mobile } = load();
    const key = `crash-${lastCall}`;
    const booking = {
      headers: { ...entity.v2, 'Idempotency-Key': key },
      body: { client_name: 'Ada Lovelace', client_phone: mobile(3), slot_id: slotId },
      remainingMs: HOLD_MS,
    };
    const claimedAt = Date.now();
    // Before the transaction: the store goes away after the claim. After it: the transaction commits and
    // its answer is lost (nothing is read after a booking's transaction for the function to die on).
    proxy().mode = lastCall === 'PutItem' ? { until: lastCall } : { answerLost: lastCall };
    const died = await call('POST', '/api/v2/appointments', booking);
    proxy().mode = 'pass';
    expect(died.status).toBeGreaterThanOrEqual(500);

    const kept = await record(entity.entity_account_id, key);
    // The claim holds the key for the function's remaining time, never 24 hours.
    expect(Number(kept?.held_until)).toBeLessThanOrEqual(claimedAt + HOLD_MS + 1000);
    const appointments = async () =>
      (await partition(entity.entity_account_id)).filter((i) => i.type === 'appointment');

    if (lastCall === 'PutItem') {
      expect(kept?.state).toBe('in_progress');
      expect(await appointments()).toHaveLength(0);
      // Within the hold, a retry is told the first request may still be running.
      const early = await call('POST', '/api/v2/appointments', booking);
      expect(early.status).toBe(409);
      expect(early.json.message).toMatch(/in progress/);
      // The function's timeout passes (the stored deadline is moved into the past rather than waited
      // for, so the test holds on a slow machine): the retry books.
      await holdEnds(entity.entity_account_id, key);
    } else {
      expect(kept?.state).toBe('committed');
      expect(await appointments()).toHaveLength(1);
    }
    const retry = await call('POST', '/api/v2/appointments', booking);
    expect(retry.status).toBe(200);
    const again = await call('POST', '/api/v2/appointments', booking);
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(retry.json.data.id);
    expect(again.json.data.cancel_token).toBe(retry.json.data.cancel_token);

    const stored = await appointments();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.appointment_id).toBe(retry.json.data.id);
    const slot = (await partition(entity.entity_account_id)).find(
      (i) => i.type === 'slot' && i.slot_id === slotId,
    );
    expect(slot?.taken).toBe(1);
  }, 300_000);
});

it('a request that completes answers its retries with the same answer, byte for byte', async () => {
  const { call, entity, slotId } = await setUp();
  const { mobile } = load();
  const booking = {
    headers: { ...entity.v2, 'Idempotency-Key': 'complete-1' },
    body: { client_name: 'Grace Hopper', client_phone: mobile(4), slot_id: slotId },
  };
  const first = await call('POST', '/api/v2/appointments', booking);
  const second = await call('POST', '/api/v2/appointments', booking);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(second.text).toBe(first.text);
  expect(second.headers['idempotent-replayed']).toBe('true');
});
