/**
 * Booking latency and throughput: our booking against a raw TransactWriteItems of the same shape, and
 * bookings on one hot slot against bookings spread over many slots, measured in alternating rounds so
 * that neither side runs on a bigger table. The raw rows take our code out: what the engine alone does.
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../shared/config';
import { addDays } from '../../shared/core/dates';
import { transactionStats } from '../../shared/db/transactions';
import type { LocalRuntime } from '../../shared/local/runtime';
import { documentClient } from '../../shared/wiring';
import { median, ms, perSecond, quick, row, timed } from './table';
import { type Client, type Tenant, target } from './tenants';

let unique = 0;
/**
 * A raw TransactWriteItems shaped like a new client's booking (10 bare items): a conditional ADD on a slot
 * item, five puts of new items, two updates of new counter items and two of the entity's shared counters.
 * The throughput rows' engine figure; the latency row replays the booking's own transaction (below).
 */
function rawBooking(slotSk: string) {
  const t = config.tableName;
  const id = `${process.pid}-${unique++}`;
  const add = (sk: string) => ({
    Update: {
      TableName: t,
      Key: { pk: 'RAW', sk },
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': 1 },
    },
  });
  const put = (sk: string) => ({
    Put: { TableName: t, Item: { pk: 'RAW', sk }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  return new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: t,
          Key: { pk: 'RAW', sk: slotSk },
          UpdateExpression: 'ADD #taken :one',
          ConditionExpression: 'attribute_not_exists(#taken) OR #taken < :max',
          ExpressionAttributeNames: { '#taken': 'taken' },
          ExpressionAttributeValues: { ':one': 1, ':max': 1_000_000 },
        },
      },
      ...['APPT', 'TOKEN', 'CLIENT', 'PHONE', 'CAL-CLIENT'].map((k) => put(`${k}#${id}`)),
      add(`DAY#${id}`),
      add('CALENDAR'),
      add('ENTITY-COUNTERS'),
      add('NEW-CLIENTS-DAY'),
    ],
  });
}

/** Sends one raw booking, retrying a transaction conflict at once; returns the conflicts met. */
async function sendRaw(slotSk: string): Promise<number> {
  for (let conflicts = 0; ; conflicts++) {
    try {
      await documentClient().send(rawBooking(slotSk));
      return conflicts;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException' || conflicts > 50) throw error;
    }
  }
}

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
type Key = { pk: string; sk: string };

/**
 * The booking's own transaction, raw: the TransactItems of one real booking (its conditions, attributes,
 * index keys, counters: every item as our code wrote it), replayed by the SDK alone under a twin entity
 * (`<entity>-raw`, holding copies of the slot and calendar the conditions read), each replay with a new
 * appointment, client, phone and cancel token. So the ratio compares our booking with the engine doing the
 * same write, not with a smaller one.
 */
async function ownTransaction(entityId: string, book: () => Promise<void>) {
  const client = documentClient();
  let captured: TransactItems | undefined;
  const name = 'benchCaptureBooking';
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TransactItems?: TransactItems };
      if (context.commandName === 'TransactWriteItemsCommand' && input.TransactItems?.some((i) => i.Put))
        captured = structuredClone(input.TransactItems);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await book();
  } finally {
    client.middlewareStack.remove(name);
  }
  if (!captured) throw new Error('no booking transaction seen');
  const twin = `${entityId}-raw`;
  const text = JSON.stringify(captured);
  const appointment = captured.find((i) => i.Put?.Item?.sk?.startsWith('APPT#'))?.Put?.Item as Key & {
    client_id: number;
    client_phone: string;
  };
  const cancelHash = captured.find((i) => i.Put?.Item?.pk?.startsWith('TOKEN#'))?.Put?.Item?.pk?.slice(6);
  if (!appointment || !cancelHash)
    throw new Error('the booking transaction has no appointment or cancel token');
  const padded = (n: number) => String(n).padStart(10, '0');
  // The slot and calendar whose conditions the transaction checks, copied to the twin entity.
  for (const item of captured.filter((i) => i.Update?.ConditionExpression)) {
    const key = item.Update?.Key as Key;
    const found = await client.send(new GetCommand({ TableName: config.tableName, Key: key }));
    if (!found.Item) throw new Error(`no item ${key.sk} to copy`);
    const copy = JSON.parse(JSON.stringify(found.Item).split(entityId).join(twin));
    await client.send(new PutCommand({ TableName: config.tableName, Item: copy }));
  }
  let n = 0;
  return async () => {
    n++;
    const fresh = text
      .split(entityId)
      .join(twin)
      .split(appointment.sk.slice(5))
      .join(padded(2_000_000_000 + n))
      .split(`#${padded(appointment.client_id)}`)
      .join(`#${padded(3_000_000_000 + n)}`)
      .split(appointment.client_phone)
      .join(`+3361${String(n).padStart(7, '0')}`)
      .split(cancelHash)
      .join(n.toString(16).padStart(64, '0'));
    await client.send(new TransactWriteCommand({ TransactItems: JSON.parse(fresh) }));
  };
}

/**
 * `events`: the local runtime's stream reading. The latency rows are timed with it paused, as on AWS, where
 * the stream's consumers run in their own functions and never share a booking's CPU (here they would share
 * the machine's two cores with the booking and the engine); the same rows with it running follow.
 */
export async function bookingRows(
  http: Client,
  tenant: Tenant,
  events: LocalRuntime['events'],
): Promise<void> {
  console.log('booking latency');
  const latencySlots = await http.generate(tenant.v2, addDays(target, 60), 1000, 30);
  let n = 0;
  const storeMs: number[] = [];
  const bookOne = async () => {
    const answer = await http.book(tenant.v2, latencySlots[n++ % latencySlots.length]?.id);
    storeMs.push(answer.storeMs);
  };
  const rawOne = await ownTransaction(tenant.accountId, bookOne);
  // Interleaved, a booking then a raw transaction, so that both see the same load on a shared machine.
  const interleaved = async () => {
    const times = { booking: [] as number[], raw: [] as number[] };
    for (let i = 0; i < 15; i++) {
      await bookOne();
      await rawOne();
    }
    storeMs.length = 0;
    for (let i = 0; i < (quick ? 40 : 150); i++) {
      times.booking.push(await timed(bookOne));
      times.raw.push(await timed(rawOne));
    }
    return { booking: median(times.booking), raw: median(times.raw) };
  };
  await events.pause();
  const quiet = await interleaved().finally(() => events.resume());
  row('booking (POST /api/v2/appointments) p50', ms(quiet.booking));
  row(
    'its store calls, summed (Server-Timing store) p50',
    ms(median(storeMs)),
    'a warm instance: token and snapshot in one read (ids from a block of 16); the transaction',
  );
  row('its own transaction replayed raw (SDK, same engine, new ids each time) p50', ms(quiet.raw));
  row(
    'booking / raw transaction (same run, interleaved)',
    `×${(quiet.booking / quiet.raw).toFixed(2)}`,
    'goal ≤ 1.5',
  );
  const busy = await interleaved();
  row(
    'the same, the local events pipeline reading the stream beside (npm start as is)',
    `${ms(busy.booking)} / ${ms(busy.raw)} = ×${(busy.booking / busy.raw).toFixed(2)}`,
  );

  console.log('throughput: one hot slot against many slots, alternating rounds');
  const concurrency = 16;
  const perRound = quick ? 60 : 150;
  const rounds = quick ? 2 : 3;
  // Slots of the longest duration (480 minutes): the bench books the first. The old bench asked for 1,380
  // minutes, was refused, and timed 400 answers as bookings.
  const [hot] = await http.generate(tenant.v2, addDays(target, 70), 1000, 480);
  if (!hot) throw new Error('no hot slot generated');
  const many = (await http.generate(tenant.v2, addDays(target, 71), 1000, 5)).map((s) => s.id);
  const ours = { hot: [] as number[], spread: [] as number[], conflicts: { hot: 0, spread: 0 } };
  const engine = { hot: [] as number[], spread: [] as number[], conflicts: { hot: 0, spread: 0 } };
  for (let r = 0; r < rounds; r++) {
    for (const side of ['hot', 'spread'] as const) {
      const before = transactionStats.conflictRetries;
      ours[side].push(
        await perSecond(perRound, concurrency, (i) =>
          http.book(tenant.v2, side === 'hot' ? hot?.id : many[(r * perRound + i) % many.length]),
        ),
      );
      ours.conflicts[side] += transactionStats.conflictRetries - before;
      engine[side].push(
        await perSecond(perRound, concurrency, async (i) => {
          engine.conflicts[side] += await sendRaw(side === 'hot' ? 'HOT' : `SPREAD#${i % many.length}`);
        }),
      );
    }
  }
  const show = (m: typeof ours, side: 'hot' | 'spread') =>
    `${median(m[side]).toFixed(0)}/s (${m.conflicts[side]} conflict retries)`;
  const label = `${rounds} rounds of ${perRound}, ${concurrency} concurrent`;
  row(`bookings on one hot slot (${label})`, show(ours, 'hot'));
  row(`bookings spread over ${many.length} slots`, show(ours, 'spread'), 'goal ≥ hot slot');
  row('raw booking-shaped transactions, one slot item', show(engine, 'hot'));
  row(`raw booking-shaped transactions, ${many.length} slot items`, show(engine, 'spread'));
}
