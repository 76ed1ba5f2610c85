import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededFaults } from '../support/doubles/store-faults';
import { useStoreProxy } from '../support/doubles/store-proxy';
import { newClientRetries, withClientRetries } from '../support/retrying-client';

/**
 * Issue 56, part 4: events and e-mails are exactly once in effect under store faults. The handlers AND the
 * local pipelines (stream poller, dispatcher, webhook deliveries, mail sender) talk to the store through
 * the fault proxy at about 20 % faults; clients book and cancel with an Idempotency-Key. Once the pipelines
 * are quiet: every booked client has exactly one confirmation, every cancelled one exactly one
 * cancellation, and every event reached every subscription under one webhook-id (a retry may bring the same
 * id again: the receiver keeps the first), none missing, none under two ids. Half the bookings are of an
 * entity without subscriptions, whose events are written done in one write after their e-mails are queued
 * (issue 57).
 */
const { proxy } = useStoreProxy();

const load = () => ({
  ...(require('../support/api') as typeof import('../support/api')),
  ...(require('../support/fixtures') as typeof import('../support/fixtures')),
  ...(require('../support/table-stream') as typeof import('../support/table-stream')),
  ...(require('../../shared/local/pipelines/local-events') as typeof import('../../shared/local/pipelines/local-events')),
  ...(require('../../shared/local/pipelines/local-mail') as typeof import('../../shared/local/pipelines/local-mail')),
});

const BOOKINGS = 16;
const CANCEL_EVERY = 3;
const RATES = { throttle: 0.05, internal: 0.04, drop: 0.04, answerLost: 0.05, slow: 0.02, slowMs: 100 };

/** What a receiver got at one path (one subscription): requests by webhook-id, and each id's event. */
interface Got {
  requests: Map<string, number>;
  events: Map<string, { type: string; appointment: number }>;
}

/** A webhook receiver on loopback: counts deliveries by path and webhook-id; every 6th request gets a 500. */
async function receiver() {
  const paths = new Map<string, Got>();
  let requests = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const got = paths.get(request.url ?? '') ?? { requests: new Map(), events: new Map() };
      paths.set(request.url ?? '', got);
      got.requests.set(id, (got.requests.get(id) ?? 0) + 1);
      if (++requests % 6 === 0) {
        response.writeHead(500).end();
        return;
      }
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      got.events.set(id, { type: event.type, appointment: event.data.appointment.appointment_id });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    at: (path: string): Got => paths.get(path) ?? { requests: new Map(), events: new Map() },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** The outbox's e-mails: recipient and subject of each .eml file. */
async function outbox(folder: string): Promise<Array<{ to: string; subject: string }>> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  return Promise.all(
    names.map(async (name) => {
      const head = ((await readFile(join(folder, name), 'utf8')).split(/\r?\n\r?\n/, 1)[0] ?? '').replace(
        /\r?\n[ \t]/g,
        ' ',
      );
      return {
        to: /^To: (.*)$/im.exec(head)?.[1] ?? '',
        subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '',
      };
    }),
  );
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

let hooks: Awaited<ReturnType<typeof receiver>>;
let folder: string;
let events: import('../../shared/local/pipelines/local-events').LocalEvents;
const lines: string[] = [];

beforeAll(async () => {
  const { withStream, startLocalEvents, OutboxTransport } = load();
  hooks = await receiver();
  folder = await mkdtemp(join(tmpdir(), 'exactly-once-'));
  await withStream();
  events = startLocalEvents({
    retryScale: 0.002,
    log: (line) => lines.push(line),
    mail: { transport: new OutboxTransport(folder) },
  });
});
afterAll(async () => {
  await events?.stop();
  await hooks?.close();
  await rm(folder, { recursive: true, force: true });
});

it('one confirmation per booking, one cancellation per cancel, one webhook-id per event and subscription', async () => {
  const { viaHandler: call, newEntity, ALWAYS_OPEN, futureWorkingDate, mobile } = load();
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  // A second entity without subscriptions: each event of its changes is written done in one write, after
  // the change's e-mails are queued (the dispatcher's other path).
  const quiet = await newEntity({ hours: ALWAYS_OPEN });
  const v2 = (path: string, body: unknown, key: string, on = entity) =>
    call('POST', `/api/v2${path}`, { headers: { ...on.v2, 'Idempotency-Key': key }, body });
  const paths = ['/hook/a', '/hook/b'];
  for (const path of paths)
    expect((await v2('/webhooks', { url: `${hooks.base}${path}` }, randomUUID())).status).toBe(200);
  const generated = await v2(
    '/calendar-slots/generate',
    { date: futureWorkingDate(24), max_appointments: 2 },
    randomUUID(),
  );
  const slots = (generated.json.data as Array<{ id: number }>).map((s) => s.id);
  const quietGenerated = await v2(
    '/calendar-slots/generate',
    { date: futureWorkingDate(24), max_appointments: 2 },
    randomUUID(),
    quiet,
  );
  const quietSlots = (quietGenerated.json.data as Array<{ id: number }>).map((s) => s.id);

  const faults = seededFaults(Number(process.env.FAULT_SEED ?? 564), RATES);
  proxy().mode = { inject: faults.inject };
  const client = newClientRetries();
  // A 500 is retried here too (with the same key): what this test holds is the pipelines' effect.
  const send = (path: string, body: unknown, on = entity) => {
    const key = randomUUID();
    return withClientRetries(() => v2(path, body, key, on), client, { retry500: true });
  };
  const booked: Array<{ id: number; email: string; cancelToken: string; hooked: boolean }> = [];
  for (let from = 0; from < BOOKINGS; from += 4) {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => {
        const n = from + i;
        const email = `eo-${n}-${randomUUID().slice(0, 8)}@example.com`;
        const body = { client_name: `Client ${n}`, client_phone: mobile(n), client_email: email };
        const hooked = n % 2 === 0;
        const at = hooked ? slots : quietSlots;
        const on = hooked ? entity : quiet;
        return send('/appointments', { ...body, slot_id: at[n % at.length] }, on).then((a) => ({
          a,
          email,
          hooked,
        }));
      }),
    );
    for (const { a, email, hooked } of answers) {
      expect(a.status).toBe(200);
      booked.push({ id: a.json.data.id, email, cancelToken: a.json.data.cancel_token, hooked });
    }
  }
  const cancelled = booked.filter((_, i) => i % CANCEL_EVERY === 0);
  for (const b of cancelled) {
    const on = b.hooked ? entity : quiet;
    expect((await send('/appointments/cancel', { cancel_token: b.cancelToken }, on)).status).toBe(200);
  }
  const hookedEvents = [...booked, ...cancelled].filter((b) => b.hooked).length;

  // The pipelines work on under the same faults until everything expected arrived, then stay quiet. The
  // bound is below an e-mail claim's hold (60 s): a claim taken for another's would show as a missing e-mail.
  const mails = BOOKINGS + cancelled.length;
  const complete = async () =>
    (await outbox(folder)).length >= mails && paths.every((p) => hooks.at(p).events.size >= hookedEvents);
  const deadline = Date.now() + 30_000;
  while (!(await complete()) && Date.now() < deadline) await pause(100);
  for (
    let quiet = 0;
    quiet < 10;
    quiet = events.queue.pending + events.mailQueue.pending === 0 ? quiet + 1 : 0
  )
    await pause(150);
  proxy().mode = 'pass';

  const sent = await outbox(folder);
  for (const b of booked) {
    const mine = sent.filter((m) => m.to.includes(b.email));
    const wasCancelled = cancelled.includes(b);
    expect({
      email: b.email,
      confirmations: mine.filter((m) => /is confirmed/.test(m.subject)).length,
    }).toEqual({
      email: b.email,
      confirmations: 1,
    });
    expect({
      email: b.email,
      cancellations: mine.filter((m) => /is cancelled/.test(m.subject)).length,
    }).toEqual({ email: b.email, cancellations: wasCancelled ? 1 : 0 });
  }
  expect(sent).toHaveLength(mails);
  expect(faults.counts.faults['answer-lost']).toBeGreaterThan(0);
  expect(events.mailQueue.parked).toEqual([]);
  expect(events.queue.parked).toEqual([]);

  // The subscribed entity's events (the other has none to deliver; its e-mails are counted above).
  const expected = [
    ...booked.filter((b) => b.hooked).map((b) => `appointment.created ${b.id}`),
    ...cancelled.filter((b) => b.hooked).map((b) => `appointment.cancelled ${b.id}`),
  ].sort();
  const duplicates: number[] = [];
  for (const path of paths) {
    const got = hooks.at(path);
    // One distinct webhook-id per event: none missing, no event under two ids.
    const seen = [...got.events.values()].map((e) => `${e.type} ${e.appointment}`).sort();
    expect({ path, seen }).toEqual({ path, seen: expected });
    duplicates.push([...got.requests.values()].reduce((sum, n) => sum + n, 0) - got.requests.size);
  }
  console.log(
    `exactly once: ${faults.counts.requests} store requests, faults ${JSON.stringify(faults.counts.faults)}, ` +
      `${BOOKINGS} bookings, ${cancelled.length} cancellations, ${client.retries} client retries, ` +
      `${sent.length} e-mails, webhook requests beyond one per id: ${duplicates.join(' + ')}`,
  );
}, 90_000);
