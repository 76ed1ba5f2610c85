import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { type LocalEvents, startLocalEvents } from '../../../shared/local/pipelines/local-events';
import { viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { withStream } from '../../support/table-stream';

type Entity = Awaited<ReturnType<typeof newEntity>>;
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: events are read as JSON
  json: any;
}

/** A webhook receiver on loopback; `answer` decides each request's status (200 by default). */
async function receiver(answer: (n: number) => number = () => 200, port = 0) {
  const got: Received[] = [];
  let requests = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const status = answer(++requests);
      const body = Buffer.concat(chunks).toString('utf8');
      // Receivers may see an event twice (at least once): a receiver keeps the first of each webhook-id.
      const seen = got.some((g) => g.headers['webhook-id'] === request.headers['webhook-id']);
      if (status >= 200 && status < 300 && !seen)
        got.push({ headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    got,
    requests: () => requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Waits for a condition, polling, within a generous bound (never a speed assertion). */
async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });
const subscribe = async (entity: Entity, url: string, events?: string[]) => {
  const answer = await v2(entity, 'POST', '/webhooks', { url, ...(events ? { events } : {}) });
  expect(answer.status).toBe(200);
  return answer.json.data as { id: string; secret: string };
};

let events: LocalEvents;
const date = futureWorkingDate(25);
const slotsOf = new Map<string, number[]>();

async function book(entity: Entity, index: number) {
  let slots = slotsOf.get(entity.entity_account_id);
  if (!slots) {
    const generated = await v2(entity, 'POST', '/calendar-slots/generate', { date, max_appointments: 50 });
    slots = (generated.json.data as Array<{ id: number }>).map((s) => s.id);
    slotsOf.set(entity.entity_account_id, slots);
  }
  const answer = await v2(entity, 'POST', '/appointments', {
    client_name: 'Ada Lovelace',
    client_phone: mobile(index),
    slot_id: slots[0],
  });
  expect(answer.status).toBe(200);
  return { id: answer.json.data.id as number, cancelToken: answer.json.data.cancel_token as string, slots };
}

beforeAll(async () => {
  await withStream();
  // Retries 500 times sooner than in production: 10 ms, 60 ms, 240 ms, 1.8 s, 7.2 s, ...
  events = startLocalEvents({ retryScale: 0.002 });
});
afterAll(async () => {
  await events.stop();
});

describe('webhook subscriptions', () => {
  it('creates with a whsec_ secret shown once, lists without secrets, deletes; bad input is 400', async () => {
    const entity = await newEntity();
    const created = await v2(entity, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(created.json).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        id: expect.stringMatching(/^wh_/),
        url: 'http://127.0.0.1:9/hook',
        events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
        secret: expect.stringMatching(/^whsec_/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/),
      },
    });
    const listed = await v2(entity, 'GET', '/webhooks');
    expect(listed.json.data).toHaveLength(1);
    expect(listed.json.data[0].secret).toBeUndefined();
    expect(listed.json.data[0].id).toBe(created.json.data.id);

    for (const body of [
      {},
      { url: 'not a url' },
      { url: 'ftp://example.com/x' },
      { url: 'http://127.0.0.1:9/x', events: ['appointment.deleted'] },
      { url: 'http://127.0.0.1:9/x', events: [] },
      { url: 'http://127.0.0.1:9/x', events: 'appointment.created' },
    ]) {
      const answer = await v2(entity, 'POST', '/webhooks', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        success: false,
        data: [],
        message: expect.stringMatching(/^(url|events)/),
        // {} lacks url; every other body has a bad url or events.
        code: Object.keys(body).length === 0 ? 'MISSING_REQUIRED_FIELD' : 'INVALID_PARAMETER',
      });
    }

    const other = await newEntity();
    expect((await v2(other, 'GET', '/webhooks')).json.data).toEqual([]);
    expect((await v2(other, 'POST', '/webhooks/delete', { id: created.json.data.id })).status).toBe(404);
    expect((await v2(entity, 'POST', '/webhooks/delete', { id: created.json.data.id })).status).toBe(200);
    expect((await v2(entity, 'POST', '/webhooks/delete', { id: created.json.data.id })).status).toBe(404);
    expect((await v2(entity, 'GET', '/webhooks')).json.data).toEqual([]);
  });
});

describe('webhook deliveries and the feed', () => {
  it('delivers created, updated and cancelled in order, signed, with the same ids as the feed', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const hook = await receiver();
    const { secret } = await subscribe(entity, hook.url);
    const { id, cancelToken, slots } = await book(entity, 1);
    const moved = await viaHandler('PUT', `/api/appointment/${id}`, {
      headers: entity.v1,
      body: { slot_id: slots[1] },
    });
    expect(moved.status).toBe(200);
    expect((await v2(entity, 'POST', '/appointments/cancel', { cancel_token: cancelToken })).status).toBe(
      200,
    );

    await until('three deliveries', () => hook.got.length >= 3);
    const verifier = new Webhook(secret);
    for (const delivery of hook.got) {
      expect(verifier.verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(
        delivery.json,
      );
      expect(delivery.headers['webhook-id']).toBe(delivery.json.id);
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        hook.got[0]?.body ?? '',
        hook.got[0]?.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(hook.got.map((d) => d.json.type)).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
    ]);
    const [created, updated, cancelled] = hook.got.map((d) => d.json);
    expect(created.data.previous).toBeUndefined();
    expect(created.data.appointment).toMatchObject({
      appointment_id: id,
      status: 'confirmed',
      slot_id: slots[0],
    });
    expect(created.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(updated.data).toMatchObject({
      appointment: { slot_id: slots[1], status: 'confirmed', client_lastname: 'Lovelace' },
      previous: { status: 'confirmed', slot_id: slots[0] },
    });
    expect(cancelled.data).toMatchObject({
      appointment: { status: 'cancelled', slot_id: slots[1] },
      previous: { status: 'confirmed', slot_id: slots[1] },
    });

    const feed = await v2(entity, 'GET', '/events');
    expect(feed.status).toBe(200);
    expect(feed.json.data.map((e: { id: string }) => e.id)).toEqual(hook.got.map((d) => d.json.id));
    expect(feed.json.data).toEqual(hook.got.map((d) => d.json));
    const after = await v2(entity, 'GET', `/events?after=${created.id}&limit=1`);
    expect(after.json.data.map((e: { id: string }) => e.id)).toEqual([updated.id]);
    expect((await v2(entity, 'GET', '/events?limit=101')).status).toBe(400);
    expect((await v2(entity, 'GET', '/events?after=nope')).status).toBe(400);
    await hook.close();
  });

  it('retries a receiver that fails twice, keeping one appointment’s events in order', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const hook = await receiver((n) => (n <= 2 ? 500 : 204));
    const { id: webhookId } = await subscribe(entity, hook.url);
    const { cancelToken } = await book(entity, 2);
    await v2(entity, 'POST', '/appointments/cancel', { cancel_token: cancelToken });
    await until('both events', () => hook.got.length >= 2);
    expect(hook.requests()).toBeGreaterThanOrEqual(4);
    expect(hook.got.map((d) => d.json.type)).toEqual(['appointment.created', 'appointment.cancelled']);
    const listed = await v2(entity, 'GET', '/webhooks');
    const record = listed.json.data.find((w: { id: string }) => w.id === webhookId);
    expect(record.last_failure).toMatchObject({
      event_id: hook.got[0]?.json.id,
      reason: expect.stringMatching(/HTTP 500/),
    });
    await hook.close();
  });

  it('delivers to a receiver that was down when the event happened, once it is back', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const probe = await receiver();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    await subscribe(entity, probe.url);
    await book(entity, 3);
    await until(
      'the event in the feed',
      async () => (await v2(entity, 'GET', '/events')).json.data.length === 1,
    );
    await new Promise((r) => setTimeout(r, 300));
    const back = await receiver(() => 200, port);
    await until('the delivery after the receiver came back', () => back.got.length >= 1);
    expect(back.got[0]?.json.type).toBe('appointment.created');
    await back.close();
  });

  it('leaves the records in the stream while its reading is paused (the bench), and reads them after', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const hook = await receiver();
    await subscribe(entity, hook.url);
    await events.pause();
    try {
      const first = await book(entity, 4);
      const second = await book(entity, 5);
      // Running, the reading would have handled both by now (it polls every 250 ms, at once after a write).
      await new Promise((r) => setTimeout(r, 1_000));
      expect(hook.requests()).toBe(0);
      expect((await v2(entity, 'GET', '/events')).json.data).toEqual([]);
      events.resume();
      await until('both deliveries after the reading resumed', () => hook.got.length >= 2);
      const delivered = hook.got.map((d) => d.json.data.appointment.appointment_id as number);
      expect(delivered.sort((x, y) => x - y)).toEqual([first.id, second.id].sort((x, y) => x - y));
    } finally {
      events.resume();
      await hook.close();
    }
  });

  it('sends nothing to a deleted subscription, and nothing across tenants', async () => {
    const a = await newEntity({ hours: ALWAYS_OPEN });
    const b = await newEntity({ hours: ALWAYS_OPEN });
    const deleted = await receiver();
    const liveA = await receiver();
    const liveB = await receiver();
    const gone = await subscribe(a, deleted.url);
    expect((await v2(a, 'POST', '/webhooks/delete', { id: gone.id })).status).toBe(200);
    await subscribe(a, liveA.url);
    await subscribe(b, liveB.url, ['appointment.created']);
    const bookedA = await book(a, 4);
    await book(b, 5);
    await until('both tenants delivered', () => liveA.got.length >= 1 && liveB.got.length >= 1);
    await v2(a, 'POST', '/appointments/cancel', { cancel_token: bookedA.cancelToken });
    await until('the cancellation', () => liveA.got.length >= 2);
    expect(deleted.requests()).toBe(0);
    expect(liveB.got).toHaveLength(1);
    expect(liveA.got[0]?.json.data.appointment.appointment_id).toBe(bookedA.id);
    const feedB = (await v2(b, 'GET', '/events')).json.data as Array<{ id: string }>;
    expect(feedB.map((e) => e.id)).toEqual([liveB.got[0]?.json.id]);
    expect(feedB.map((e) => e.id)).not.toContain(liveA.got[0]?.json.id);
    await Promise.all([deleted.close(), liveA.close(), liveB.close()]);
  });
});
