import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { appointment as appointmentKey, event as eventKey } from '../../../shared/db/keys';
import type { MailJob } from '../../../shared/features/mail/domain/notifications';
import {
  appointmentChangeOf,
  type StreamRecordLike,
} from '../../../shared/features/webhooks/adapters/stream-changes';
import { eventIdOf } from '../../../shared/features/webhooks/domain/webhooks';
import type { Delivery } from '../../../shared/features/webhooks/ports';
import { documentClient, eventPipeline, mailPipeline } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { createdRecords } from '../../support/table-stream';

/**
 * Issue 57, points 1–2: what the stream's dispatcher (and the mail planner beside it) spends per change,
 * against the store (DynamoDB Local), every store call of the dispatch recorded. An event is written with a
 * condition, never read first; without a subscription it is written done in one write, its e-mails queued
 * before; with some, a record processed again after a crash queues what was left, with the event as it was
 * written. The entity's settings and calendar are read once a batch, eventually consistent.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;

interface Call {
  command: string;
  sk: string;
  consistent?: boolean;
  queued?: unknown;
}
const calls: Call[] = [];
const RECORDER = 'dispatchWritesRecorder';
/** The sort key of the next write to fail before it reaches the store (a crash at that step). */
let failNextWriteOf: string | undefined;

beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        Key?: { sk?: string };
        Item?: { sk?: string; queued?: unknown };
        ConsistentRead?: boolean;
        ExpressionAttributeValues?: Record<string, unknown>;
      };
      const values = input.ExpressionAttributeValues ?? {};
      calls.push({
        command: String(context.commandName).replace(/Command$/, ''),
        sk: String(
          input.Key?.sk ?? input.Item?.sk ?? values[':prefix'] ?? values[':sk'] ?? values[':from'] ?? '',
        ),
        ...(input.ConsistentRead !== undefined ? { consistent: input.ConsistentRead } : {}),
        ...(input.Item && 'queued' in input.Item ? { queued: input.Item.queued } : {}),
      });
      const written = input.Item?.sk ?? input.Key?.sk;
      if (
        failNextWriteOf !== undefined &&
        written === failNextWriteOf &&
        !/Get|Query/.test(String(context.commandName))
      ) {
        failNextWriteOf = undefined;
        throw new Error('the process died before this write');
      }
      return next(args);
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove(RECORDER);
});

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });

/** A booked appointment's item, with the client's e-mail (a confirmation to queue). */
async function bookedItem(entity: Entity): Promise<Record<string, unknown>> {
  const slots = await v2(entity, 'POST', '/calendar-slots/generate', {
    date: futureWorkingDate(20),
    max_appointments: 5,
  });
  const booked = await v2(entity, 'POST', '/appointments', {
    client_name: 'Ada Lovelace',
    client_phone: mobile(1),
    client_email: 'ada@example.com',
    slot_id: slots.json.data[0].id,
  });
  expect(booked.status).toBe(200);
  const key = appointmentKey(entity.entity_account_id, booked.json.data.id as number);
  const found = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }));
  return found.Item as Record<string, unknown>;
}

const idOf = (record: StreamRecordLike): string => {
  const change = appointmentChangeOf(record);
  if (!change?.after) throw new Error('not an appointment change');
  return eventIdOf(Date.parse(change.after.updated_at), change.after.appointment_id);
};

async function storedEvent(entity: Entity, id: string) {
  const key = eventKey(entity.entity_account_id, id);
  return (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item;
}

/** A mail planner whose queue records each job among the store calls (its place in their order). */
function mailPlanner(jobs: MailJob[]) {
  const queue = {
    maxDelaySeconds: 900,
    enqueue: async (job: MailJob) => {
      jobs.push(job);
      calls.push({ command: 'mail queued', sk: job.key });
    },
    park: async () => {},
  };
  const reminders = { schedule: async () => undefined, cancel: async () => undefined };
  const transport = { send: async () => 'nowhere' };
  return mailPipeline({ queue, reminders, transport }).planner;
}

const deliveries = (into: Delivery[], failFirst = false) => {
  let failed = !failFirst;
  return {
    maxDelaySeconds: 900,
    enqueue: async (delivery: Delivery) => {
      if (!failed) {
        failed = true;
        throw new Error('the queue failed (a crash after the event was written)');
      }
      into.push(delivery);
    },
    park: async () => {},
  };
};

const onEvents = () => calls.filter((c) => c.sk.startsWith('EVENT#'));

it('without a subscription: e-mails queued, then the event written done in one conditional put; settings and calendar read once a batch, eventually', async () => {
  const entity = await newEntity();
  const records = createdRecords(await bookedItem(entity), 100_000, 3);
  const jobs: MailJob[] = [];
  const pipeline = eventPipeline(deliveries([]), { mail: mailPlanner(jobs) });

  calls.length = 0;
  expect((await pipeline.dispatchRecords(records)).batchItemFailures).toEqual([]);
  // One write per event, written done: no read of it before, no second write to mark it.
  expect(onEvents().map((c) => [c.command, c.sk, c.queued])).toEqual(
    records.map((r) => ['PutItem', `EVENT#${idOf(r)}`, true]),
  );
  // Each change's e-mails are queued before its event is written (a crash in between queues them again).
  for (const record of records) {
    const id = idOf(record);
    const mail = calls.findIndex((c) => c.command === 'mail queued' && c.sk === id);
    const put = calls.findIndex((c) => c.command === 'PutItem' && c.sk === `EVENT#${id}`);
    expect([id, mail >= 0, mail < put]).toEqual([id, true, true]);
  }
  // Three changes of one entity: its settings and its calendar read once, eventually consistent; the
  // entity item not at all (the planner needs its settings alone).
  const reads = calls.filter((c) => c.command === 'GetItem');
  expect(reads.map((c) => [c.sk, c.consistent])).toEqual(
    expect.arrayContaining([
      ['SETTINGS', false],
      [expect.stringMatching(/^CAL#/), false],
    ]),
  );
  expect(reads).toHaveLength(2);
  // Who wants the event still decides deliveries: the subscriptions are queried strongly.
  expect(calls.filter((c) => c.command === 'Query').map((c) => [c.sk, c.consistent])).toEqual(
    records.map(() => ['WEBHOOK#', true]),
  );
  expect(jobs.map((j) => j.key)).toEqual(records.map(idOf));

  // The same records processed again: each put finds its event done and stops there; no event twice.
  calls.length = 0;
  const change = appointmentChangeOf(records[0] as StreamRecordLike);
  expect(change && (await pipeline.dispatcher.dispatch(change))).toBeNull();
  expect(onEvents().map((c) => c.command)).toEqual(['PutItem']);
  calls.length = 0;
  expect((await pipeline.dispatchRecords(records)).batchItemFailures).toEqual([]);
  expect(onEvents().map((c) => c.command)).toEqual(['PutItem', 'PutItem', 'PutItem']);
  for (const record of records) expect((await storedEvent(entity, idOf(record)))?.queued).toBe(true);
  const feed = await v2(entity, 'GET', '/events');
  expect(feed.json.data.filter((e: { id: string }) => records.map(idOf).includes(e.id))).toHaveLength(3);
}, 120_000);

it('with a subscription: a record processed again after a crash queues what was left, with the event as written', async () => {
  const entity = await newEntity();
  const [record] = createdRecords(await bookedItem(entity), 200_000, 1) as [StreamRecordLike];
  expect((await v2(entity, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/a' })).status).toBe(200);
  const id = idOf(record);
  const jobs: MailJob[] = [];
  const queued: Delivery[] = [];
  const planner = mailPlanner(jobs);

  // The first try writes the event pending, then fails at its delivery's queueing.
  const failing = eventPipeline(deliveries(queued, true), { mail: planner });
  expect((await failing.dispatchRecords([record])).batchItemFailures).toHaveLength(1);
  const written = await storedEvent(entity, id);
  expect(written?.queued).toBe(false);
  expect(jobs).toEqual([]);

  // Meanwhile the business moves to another time zone: the retry must deliver the event the feed holds.
  expect((await v2(entity, 'POST', '/settings', { timezone: 'America/New_York' })).status).toBe(200);
  calls.length = 0;
  const pipeline = eventPipeline(deliveries(queued), { mail: planner });
  expect((await pipeline.dispatchRecords([record])).batchItemFailures).toEqual([]);
  expect(queued.map((d) => d.event)).toEqual([written?.event]);
  expect(jobs.map((j) => j.key)).toContain(id);
  expect(onEvents().map((c) => [c.command, c.queued])).toEqual([
    ['PutItem', false],
    ['UpdateItem', undefined],
  ]);
  expect((await storedEvent(entity, id))?.queued).toBe(true);

  // Once more: found done, nothing queued again.
  calls.length = 0;
  const change = appointmentChangeOf(record);
  expect(change && (await pipeline.dispatcher.dispatch(change))).toBeNull();
  expect(queued).toHaveLength(1);
  expect(onEvents().map((c) => c.command)).toEqual(['PutItem']);
}, 120_000);

it('without a subscription: a crash between the e-mails and the event queues the e-mails again, under the same keys', async () => {
  const entity = await newEntity();
  const [record] = createdRecords(await bookedItem(entity), 300_000, 1) as [StreamRecordLike];
  const id = idOf(record);
  const jobs: MailJob[] = [];
  const pipeline = eventPipeline(deliveries([]), { mail: mailPlanner(jobs) });

  failNextWriteOf = `EVENT#${id}`;
  expect((await pipeline.dispatchRecords([record])).batchItemFailures).toHaveLength(1);
  expect(await storedEvent(entity, id)).toBeUndefined();
  const first = jobs.map((j) => j.key);
  expect(first).toContain(id);

  expect((await pipeline.dispatchRecords([record])).batchItemFailures).toEqual([]);
  // The same jobs again (the sender's claim of each key sends it once), and the event written done.
  expect(jobs.map((j) => j.key)).toEqual([...first, ...first]);
  expect((await storedEvent(entity, id))?.queued).toBe(true);
}, 120_000);
