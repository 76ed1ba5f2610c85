// Metrics on for this file (per-file-env.ts turns them off): set, then the modules loaded afresh, so that
// Powertools reads it.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
jest.resetModules();

import type { Answer, RequestOptions } from '../../support/api';
import type * as Fixtures from '../../support/fixtures';

const { viaHandler } = require('../../support/api') as typeof import('../../support/api');
const { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } =
  require('../../support/fixtures') as typeof Fixtures;
const { services } = require('../../../shared/wiring') as typeof import('../../../shared/wiring');

/**
 * Issue 22, point 1, through the handlers: each request writes one EMF line with its route, status class
 * and latency, and what the services counted: bookings made, refused by reason (full, unknown, limit),
 * cancellations and moves. Lines are read from stdout, where Powertools writes them.
 */
type Line = Record<string, unknown> & { _aws: { CloudWatchMetrics: Array<{ Namespace: string }> } };
let lines: Line[] = [];
const write = process.stdout.write.bind(process.stdout);
beforeAll(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = chunk.toString();
    if (!text.startsWith('{"_aws"')) return write(chunk);
    lines.push(JSON.parse(text) as Line);
    return true;
  });
});
afterAll(() => jest.restoreAllMocks());

/** A request and the one EMF line it wrote (by its request id). */
async function measured(method: string, url: string, options: RequestOptions): Promise<[Answer, Line]> {
  lines = [];
  const answer = await viaHandler(method, url, options);
  const own = lines.filter((line) => line.request_id === answer.headers['x-request-id']);
  expect(own).toHaveLength(1);
  return [answer, own[0] as Line];
}

let entity: Awaited<ReturnType<typeof newEntity>>;
let slots: Array<{ id: number }>;
beforeAll(async () => {
  entity = await newEntity({ hours: ALWAYS_OPEN });
  const date = futureWorkingDate();
  slots = (
    await viaHandler('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date, max_appointments: 1 },
    })
  ).json.data;
});
const book = (slotId: number, phone: number) =>
  measured('POST', '/api/v2/appointments', {
    headers: entity.v2,
    body: { client_name: 'Ana Lima', client_phone: mobile(phone), slot_id: slotId },
  });

it('a booking: BookingsMade and the request metrics, in the stage’s namespace, per service and route', async () => {
  const [answer, line] = await book(slots[0]?.id ?? 0, 1);
  expect(answer.status).toBe(200);
  expect(line._aws.CloudWatchMetrics[0]?.Namespace).toBe('BookingApi/local');
  expect(line).toMatchObject({
    service: 'booking-api',
    route: 'POST /api/v2/appointments',
    BookingsMade: 1,
    Requests: 1,
    Requests2xx: 1,
    Latency: expect.any(Number),
  });
  expect(line.BookingsRefused).toBeUndefined();
});

it.each([
  ['full', () => slots[0]?.id ?? 0, 409],
  ['unknown', () => 987_654, 404],
])('a booking refused because the slot is %s', async (reason, slotId, status) => {
  const [answer, line] = await book(slotId(), 2);
  expect(answer.status).toBe(status);
  const name = `BookingsRefused${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
  expect(line).toMatchObject({ BookingsRefused: 1, [name]: 1, Requests4xx: 1 });
  expect(line.BookingsMade).toBeUndefined();
});

it('bad input is no refusal: a 400 counts as a request only', async () => {
  const [answer, line] = await measured('POST', '/api/v2/appointments', {
    headers: entity.v2,
    body: { client_name: 'Ana Lima', client_phone: 'not a phone', slot_id: slots[1]?.id },
  });
  expect(answer.status).toBe(400);
  expect(line).toMatchObject({ Requests: 1, Requests4xx: 1 });
  expect(Object.keys(line).filter((key) => key.startsWith('Bookings'))).toEqual([]);
});

it('a move (v1) and a cancellation (v2) count as such', async () => {
  const [booked] = await book(slots[2]?.id ?? 0, 3);
  const { id, cancel_token: cancelToken } = booked.json.data as { id: number; cancel_token: string };
  const [moved, moveLine] = await measured('PUT', `/api/appointment/${id}`, {
    headers: entity.v1,
    body: { slot_id: slots[3]?.id },
  });
  expect(moved.status).toBe(200);
  expect(moveLine).toMatchObject({ route: 'PUT /api/appointment/{id}', Moves: 1 });
  const [cancelled, cancelLine] = await measured('POST', '/api/v2/appointments/cancel', {
    headers: entity.v2,
    body: { cancel_token: cancelToken },
  });
  expect(cancelled.status).toBe(200);
  expect(cancelLine).toMatchObject({ route: 'POST /api/v2/appointments/cancel', Cancellations: 1 });
  expect(cancelLine.Moves).toBeUndefined();
});

it('a booking over the entity’s booking limit: 429, refused for the limit', async () => {
  const limited = await newEntity({ hours: ALWAYS_OPEN });
  await services().admin.setLimits(limited.entity_account_id, { bookings_per_minute: 1 });
  const date = futureWorkingDate();
  const open = (
    await viaHandler('POST', '/api/v2/calendar-slots/generate', {
      headers: limited.v2,
      body: { date, max_appointments: 5 },
    })
  ).json.data as Array<{ id: number }>;
  const body = (phone: number) => ({
    client_name: 'Ana Lima',
    client_phone: mobile(phone),
    slot_id: open[0]?.id,
  });
  const answers: Array<[Answer, Line]> = [];
  // Two in a row: one is admitted in its minute, the other refused (the second unless a window ended between).
  for (const phone of [10, 11, 12]) {
    answers.push(await measured('POST', '/api/v2/appointments', { headers: limited.v2, body: body(phone) }));
  }
  const refused = answers.filter(([answer]) => answer.status === 429);
  expect(refused.length).toBeGreaterThanOrEqual(1);
  for (const [, line] of refused) expect(line).toMatchObject({ BookingsRefused: 1, BookingsRefusedLimit: 1 });
});

it('a request nobody counted anything for still writes its line; no metric leaks into the next', async () => {
  const [, first] = await measured('GET', '/api/v2/opening-hours', { headers: entity.v2 });
  const [, second] = await measured('GET', '/api/health', {});
  expect(first).toMatchObject({ route: 'GET /api/v2/opening-hours', Requests: 1 });
  expect(second).toMatchObject({ route: 'GET /api/health', Requests: 1, Requests2xx: 1 });
  expect(second.BookingsMade).toBeUndefined();
});
