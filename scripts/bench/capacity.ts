/**
 * Capacity units per operation (issue 57): every store call of the handlers and of the local workers (the
 * events, the e-mails, the limits' counters) asks DynamoDB Local for its consumed capacity
 * (`ReturnConsumedCapacity: 'TOTAL'`), added to the table's shared client. DynamoDB Local reports what
 * DynamoDB bills for the table: 1 write unit per KB and item, a transaction's items twice, 1 read unit per
 * 4 KB read strongly, half of it eventually; it reports no index writes (global secondary indexes bill
 * theirs apart: these figures leave them out, as the issue's did). Each call is measured alone: its units
 * while the request runs (the request path), then until the store has been quiet a while (all: the stream's
 * workers included). 20 calls of each kind, limits on, on a warm instance (each token read once per 5 s).
 */

import { config } from '../../shared/config';
import { addDays } from '../../shared/core/dates';
import { createDocumentClient } from '../../shared/db/client';
import { once, services, table } from '../../shared/wiring';
import { row } from './table';
import { type Client, type Headers, type Tenant, today, workday } from './tenants';
import { priceTransaction } from './transaction-price';

const CALLS = 20;
const READS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);

const units = { read: 0, write: 0 };
/**
 * The largest single read of the call being measured, priced as an eventually consistent read (half a
 * strongly consistent one): the one query or get of what a read route answers, its data's least read.
 */
let largestRead = 0;
/** `BENCH_TRACE=<operation>` prints every store call of that operation's first call (what it reads and writes). */
const TRACE = process.env.BENCH_TRACE;
let tracing = false;
const describe = (input: unknown): string =>
  JSON.stringify(input, (key, value) =>
    key === 'ReturnConsumedCapacity' || key === 'TableName' ? undefined : value,
  ).slice(0, Number(process.env.BENCH_TRACE_CHARS ?? 300));
let inFlight = 0;
let lastActivity = 0;

type Consumed = { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;
const sum = (consumed: Consumed): number =>
  (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
    (total, c) => total + (c.CapacityUnits ?? 0),
    0,
  );

/** A client of the bench's own on the same store, whose reads are not counted (pricing transactions). */
const pricer = once(() => createDocumentClient({ endpoint: config.dynamoEndpoint, region: config.region }));

/** Asks every call of the shared client for its consumed capacity, and adds it up by kind. */
function listen(): void {
  table().doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string };
      input.ReturnConsumedCapacity ??= 'TOTAL';
      inFlight += 1;
      try {
        const transaction = context.commandName === 'TransactWriteItemsCommand';
        const priced = transaction
          ? await priceTransaction(pricer(), (args.input as { TransactItems: never[] }).TransactItems)
          : undefined;
        const result = await next(args);
        // DynamoDB Local's figure for a transaction is not DynamoDB's bill: priced here (transaction-price.ts).
        const consumed = priced
          ? await priced()
          : sum((result.output as { ConsumedCapacity?: Consumed }).ConsumedCapacity);
        if (tracing) console.log(`      ${String(context.commandName)} ${consumed} ${describe(args.input)}`);
        if (READS.has(String(context.commandName))) {
          units.read += consumed;
          const strong = (args.input as { ConsistentRead?: boolean }).ConsistentRead === true;
          largestRead = Math.max(largestRead, strong ? consumed / 2 : consumed);
        } else units.write += consumed;
        return result;
      } finally {
        inFlight -= 1;
        lastActivity = performance.now();
      }
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
}

/** Waits until no store call has run for `quietMs` (the stream is read every 250 ms locally). */
async function settle(quietMs: number): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 15_000) {
    if (inFlight === 0 && performance.now() - lastActivity >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Measured {
  path: { read: number; write: number };
  all: { read: number; write: number };
  /** The mean of each call's largest read, eventually consistent: what its data needs read at least. */
  data: number;
}

/** The mean units of `CALLS` calls of `fn` (the i-th call given i): on the request path, and in all. */
async function measure(
  name: string,
  quietMs: number,
  fn: (i: number) => Promise<unknown>,
): Promise<Measured> {
  const path = { read: 0, write: 0 };
  const all = { read: 0, write: 0 };
  let data = 0;
  await settle(quietMs);
  for (let i = 0; i < CALLS; i++) {
    const before = { ...units };
    largestRead = 0;
    tracing = i === 1 && TRACE !== undefined && name.includes(TRACE);
    await fn(i);
    path.read += units.read - before.read;
    path.write += units.write - before.write;
    data += largestRead;
    await settle(quietMs);
    all.read += units.read - before.read;
    all.write += units.write - before.write;
    tracing = false;
  }
  const mean = (u: { read: number; write: number }) => ({ read: u.read / CALLS, write: u.write / CALLS });
  return { path: mean(path), all: mean(all), data: data / CALLS };
}

/** What the issue counts as the least DynamoDB must spend on each, in write and read units. */
const LEAST: Record<string, { write: number; read: number }> = {
  'v2 booking, new client with e-mail': { write: 4, read: 1 },
  'v2 booking, returning client': { write: 4, read: 1 },
  'v2 cancel': { write: 4, read: 1 },
  'v2 day of slots': { write: 0, read: 0.5 },
  'v2 week of available slots': { write: 0, read: 1 },
  'v1 page of 50': { write: 0, read: 2.5 },
  'v1 one appointment': { write: 0, read: 0.5 },
  'v2 service availability (week)': { write: 0, read: 1.5 },
};

const fmt = (n: number): string => String(Math.round(n * 100) / 100);
/** As the table: a write's write units, or a read's read units, over the least. */
const ratio = (spent: { write: number; read: number }, least: { write: number; read: number }): string =>
  `${(least.write > 0 ? spent.write / least.write : spent.read / least.read).toFixed(1)}×`;

function report(name: string, m: Measured): void {
  const least = LEAST[name] ?? { write: 0, read: 0 };
  if (least.write > 0) {
    row(
      `capacity: ${name} (W / R, path → all)`,
      `${fmt(m.path.write)} W + ${fmt(m.path.read)} R → ${fmt(m.all.write)} W + ${fmt(m.all.read)} R (${ratio(m.all, least)})`,
      `least ${fmt(least.write)} W + ${fmt(least.read)} R; goal ≤ 8 W + 2 R on the path, ≤ 12 W + 4 R in all`,
    );
    return;
  }
  // A read: against its own data's least read (the one query or get of what it answers, eventually
  // consistent, as this tenant's data weighs), the figure for its smaller tenant beside it.
  row(
    `capacity: ${name} (W / R, path → all)`,
    `${fmt(m.path.write)} W + ${fmt(m.path.read)} R → ${fmt(m.all.write)} W + ${fmt(m.all.read)} R (${(m.all.read / m.data).toFixed(1)}× its data's ${fmt(m.data)} R)`,
    `goal ≤ 2× its data's least read + the rate counter's 1 W (the issue's tenant: least ${fmt(least.read)} R)`,
  );
}

/** The tenant's data: a week of slots (hourly, 100 places), a service, 55 appointments to page through. */
async function prepare(http: Client, tenant: Tenant) {
  await services().admin.setLimits(tenant.accountId, {
    requests_per_minute: 100_000,
    bookings_per_minute: 100_000,
  });
  const first = workday(addDays(today, 5));
  const week = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const days: Array<Array<{ id: number }>> = [];
  for (const date of week) days.push(await http.generate(tenant.v2, date, 100, 60));
  const [slots = [], more = []] = days;
  const service = await http.call('POST', '/api/v2/services', tenant.v2, { name: 'Cut', duration: 60 });
  for (let i = 0; i < 15; i++) await http.book(tenant.v2, more[i % more.length]?.id);
  return { first, last: week[6] ?? first, slots, serviceId: service.json.data.id as string };
}

export async function capacityRows(http: Client, tenant: Tenant): Promise<void> {
  listen();
  const { first, last, slots, serviceId } = await prepare(http, tenant);
  const booked: Array<{ id: number; cancel_token: string }> = [];
  const book = async (headers: Headers, body: Record<string, unknown>) => {
    const answer = await http.call('POST', '/api/v2/appointments', headers, body);
    if (answer.status !== 200) throw new Error(`capacity booking: ${JSON.stringify(answer.json)}`);
    return answer.json.data as { id: number; cancel_token: string };
  };
  const at = (i: number) => slots[i % slots.length]?.id;
  report(
    'v2 booking, new client with e-mail',
    await measure('v2 booking, new client with e-mail', 800, async (i) => {
      const phone = http.nextPhone();
      booked.push(
        await book(tenant.v2, {
          client_name: 'New Client',
          client_phone: phone,
          client_email: `new${i}@example.com`,
          slot_id: at(i),
        }),
      );
    }),
  );
  const returning = http.nextPhone();
  await book(tenant.v2, { client_name: 'Returning Client', client_phone: returning, slot_id: at(0) });
  report(
    'v2 booking, returning client',
    await measure('v2 booking, returning client', 800, (i) =>
      book(tenant.v2, { client_name: 'Returning Client', client_phone: returning, slot_id: at(i + 1) }),
    ),
  );
  report(
    'v2 cancel',
    await measure('v2 cancel', 800, async (i) => {
      const answer = await http.call('POST', '/api/v2/appointments/cancel', tenant.v2, {
        cancel_token: booked[i]?.cancel_token,
      });
      if (answer.status !== 200) throw new Error(`capacity cancel: ${JSON.stringify(answer.json)}`);
    }),
  );
  const get = (path: string, headers: Headers) => async () => {
    const answer = await http.call('GET', path, headers);
    if (answer.status !== 200) throw new Error(`capacity ${path}: ${answer.status}`);
  };
  const reads: Array<[string, string, Headers]> = [
    ['v2 day of slots', `/api/v2/calendar-slots?date=${first}`, tenant.v2],
    [
      'v2 week of available slots',
      `/api/v2/calendar-slots?from=${first}&to=${last}&available=true`,
      tenant.v2,
    ],
    ['v1 page of 50', '/api/appointments?per_page=50', tenant.v1],
    ['v1 one appointment', `/api/appointments/${booked[0]?.id}`, tenant.v1],
    [
      'v2 service availability (week)',
      `/api/v2/availability?service_id=${serviceId}&from=${first}&to=${last}`,
      tenant.v2,
    ],
  ];
  for (const [name, path, headers] of reads) report(name, await measure(name, 300, get(path, headers)));
}
