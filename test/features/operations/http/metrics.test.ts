/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import {
  eventually,
  onSharedEngine,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * Issue 22, point 1, as an operator sees it: a booking through `npm start` prints its EMF line (the one
 * CloudWatch reads from a function's log on AWS), with the booking metric, its route and request id; a
 * refusal says why; a cancellation counts. Metrics are on here (the other tests turn them off).
 */
jest.setTimeout(300_000);

interface EmfLine {
  _aws: {
    CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }>;
  };
  [field: string]: unknown;
}

let server: Started;
beforeAll(async () => {
  server = await startServer(
    { ...onSharedEngine(), DEMO_ACCOUNT_ID: 'demo-metrics', POWERTOOLS_METRICS_DISABLED: 'false' },
    'npm',
  );
});
afterAll(async () => {
  if (server) await stopServer(server, 'SIGTERM');
});

/** Every EMF line the server printed so far. */
const emfLines = (): EmfLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);

/** The EMF line of one request, by its X-Request-Id, once the server has printed it. */
async function lineOf(requestId: string): Promise<EmfLine> {
  const found = () => emfLines().find((line) => line.request_id === requestId);
  await eventually(() => found() !== undefined, 30_000);
  const line = found();
  if (!line) throw new Error(`no EMF line for ${requestId} in:\n${server.output()}`);
  return line;
}

const v2 = (path: string, body: unknown) =>
  fetch(`${server.url}/api/v2${path}`, {
    method: 'POST',
    headers: { 'Access-Token': server.v2 },
    body: JSON.stringify(body),
  });

it('prints the EMF line of a booking, a refusal and a cancellation, each with its request metrics', async () => {
  const generated = await v2('/calendar-slots/generate', { date: '2031-01-07', max_appointments: 1 });
  expect(generated.status).toBe(200);
  const slotId = ((await generated.json()) as { data: Array<{ id: number }> }).data[0]?.id;

  const booking = { client_name: 'Jeanne Durand', client_phone: '06 12 34 56 78', slot_id: slotId };
  const booked = await v2('/appointments', booking);
  expect(booked.status).toBe(200);
  const line = await lineOf(booked.headers.get('x-request-id') ?? '');
  const [definition] = line._aws.CloudWatchMetrics;
  expect(definition?.Namespace).toBe('BookingApi/local');
  expect(definition?.Dimensions).toEqual([['service', 'route'], ['service']]);
  expect(definition?.Metrics.map((m) => m.Name).sort()).toEqual(
    ['BookingsMade', 'Latency', 'Requests', 'Requests2xx'].sort(),
  );
  expect(line).toMatchObject({
    service: 'booking-api',
    route: 'POST /api/v2/appointments',
    BookingsMade: 1,
    Requests: 1,
    Requests2xx: 1,
    Latency: expect.any(Number),
  });
  // No client's data in the line: counts, the route and the request id only.
  expect(JSON.stringify(line)).not.toMatch(/Jeanne|Durand|612345678/);

  const refused = await v2('/appointments', { ...booking, client_phone: '06 98 76 54 32' });
  expect(refused.status).toBe(409);
  expect(await lineOf(refused.headers.get('x-request-id') ?? '')).toMatchObject({
    route: 'POST /api/v2/appointments',
    BookingsRefused: 1,
    BookingsRefusedFull: 1,
    Requests4xx: 1,
  });

  const token = ((await booked.json()) as { data: { cancel_token: string } }).data.cancel_token;
  const cancelled = await v2('/appointments/cancel', { cancel_token: token });
  expect(cancelled.status).toBe(200);
  expect(await lineOf(cancelled.headers.get('x-request-id') ?? '')).toMatchObject({
    route: 'POST /api/v2/appointments/cancel',
    Cancellations: 1,
    Requests2xx: 1,
  });
});
