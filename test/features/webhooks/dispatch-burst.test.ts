import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { appointment as appointmentKey } from '../../../shared/db/keys';
import { DISPATCH } from '../../../shared/features/webhooks';
import type { Delivery } from '../../../shared/features/webhooks/ports';
import { documentClient, eventPipeline } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { createdRecords } from '../../support/table-stream';

/**
 * Issue 61, point 7: the stream dispatcher keeps up with a burst. 1,000 appointment changes of one entity
 * with two webhook subscriptions, dispatched against the store (DynamoDB Local) in batches of
 * DISPATCH.batchSize: what a record takes sizes the batch and the timeout (a full batch at three times
 * that ends before the reserve); and with the invocation's time running out, each invocation stops
 * before its deadline and reports the rest, which the next one takes: every change (200 of them) dispatched
 * once.
 * The stream's records are made from one real appointment, copied under new ids and times (the shape
 * Lambda's DynamoDB event gives them). Deliveries are queued in memory (nothing is posted).
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;

const queued: Delivery[] = [];
const queue = {
  maxDelaySeconds: 900,
  enqueue: async (job: Delivery) => {
    queued.push(job);
  },
  park: async () => {},
};

async function bookedItem(entity: Entity): Promise<Record<string, unknown>> {
  const v2 = (method: string, path: string, body: unknown) =>
    viaHandler(method, `/api/v2${path}`, { headers: entity.v2, body });
  const slots = await v2('POST', '/calendar-slots/generate', {
    date: futureWorkingDate(20),
    max_appointments: 5,
  });
  const booked = await v2('POST', '/appointments', {
    client_name: 'Ada Lovelace',
    client_phone: mobile(1),
    slot_id: slots.json.data[0].id,
  });
  expect(booked.status).toBe(200);
  for (const url of ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'])
    expect((await v2('POST', '/webhooks', { url })).status).toBe(200);
  const key = appointmentKey(entity.entity_account_id, booked.json.data.id as number);
  const found = await documentClient().send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: key.pk, sk: key.sk } }),
  );
  return found.Item as Record<string, unknown>;
}

let item: Record<string, unknown>;
beforeAll(async () => {
  item = await bookedItem(await newEntity());
}, 60_000);

it('dispatches a burst of 1,000 changes; a full batch, at 3x the time a record takes, ends before the reserve', async () => {
  const pipeline = eventPipeline(queue);
  const records = createdRecords(item, 100_000, 1000);
  const started = performance.now();
  for (let i = 0; i < records.length; i += DISPATCH.batchSize) {
    const answer = await pipeline.dispatchRecords(records.slice(i, i + DISPATCH.batchSize));
    expect(answer.batchItemFailures).toEqual([]);
  }
  const perRecordMs = (performance.now() - started) / records.length;
  // Two subscriptions: two deliveries queued per change.
  expect(queued.filter((delivery) => delivery.appointmentId >= 100_000)).toHaveLength(2000);
  const budgetMs = DISPATCH.timeoutSeconds * 1000 - DISPATCH.reserveMs;
  const fullBatchAt3x = DISPATCH.batchSize * perRecordMs * 3;
  expect([`${perRecordMs.toFixed(1)} ms a record`, fullBatchAt3x <= budgetMs]).toEqual([
    `${perRecordMs.toFixed(1)} ms a record`,
    true,
  ]);
}, 300_000);

it('stops before its deadline and reports the rest: every change dispatched once, none twice', async () => {
  const pipeline = eventPipeline(queue);
  const dispatched = new Map<string, number>();
  const dispatch = pipeline.dispatcher.dispatch.bind(pipeline.dispatcher);
  pipeline.dispatcher.dispatch = async (change) => {
    dispatched.set(change.sequenceNumber, (dispatched.get(change.sequenceNumber) ?? 0) + 1);
    return dispatch(change);
  };
  const records = createdRecords(item, 200_000, 200);
  // Lambda's stream: each invocation gets the batch from the checkpoint (the first record reported) on.
  // Its clock: 60 s at the start, 1.5 s gone per record it starts (a slow store), read by the dispatcher.
  let checkpoint = 0;
  let invocations = 0;
  while (checkpoint < records.length) {
    invocations += 1;
    const batch = records.slice(checkpoint, checkpoint + DISPATCH.batchSize);
    const startedBefore = dispatched.size;
    const answer = await pipeline.dispatchRecords(batch, {
      remainingMs: () => DISPATCH.timeoutSeconds * 1000 - (dispatched.size - startedBefore) * 1500,
    });
    const first = answer.batchItemFailures[0]?.itemIdentifier;
    const reported = answer.batchItemFailures.map((failure) => failure.itemIdentifier);
    // What it did not reach: the batch's tail, exactly, from the first record not started.
    expect(reported).toEqual(
      batch.slice(batch.length - reported.length).map((r) => r.dynamodb?.SequenceNumber),
    );
    checkpoint =
      first === undefined
        ? checkpoint + batch.length
        : records.findIndex((r) => r.dynamodb?.SequenceNumber === first);
  }
  // (60 - 10) / 1.5: 34 records an invocation, never a whole batch.
  expect(invocations).toBe(Math.ceil(200 / 34));
  expect(dispatched.size).toBe(200);
  expect([...dispatched.values()].every((times) => times === 1)).toBe(true);
}, 300_000);
