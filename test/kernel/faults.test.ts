import { useStoreProxy } from '../support/doubles/store-proxy';
import { eventually } from '../support/processes';

/**
 * Store faults: a proxy between the handlers and DynamoDB Local throttles transactions or drops every
 * connection. Past the SDK's retries the answer is a 503 with Retry-After in the API's envelope (a client
 * may send the same request again), with no internal detail; the fault is logged with the request id, and
 * no booking may be half-written. A store that stops answering: deadlines.test.ts.
 */
const { proxy } = useStoreProxy();
// Two tries a request (AWS_MAX_ATTEMPTS; five locally unless told): the SDK waits between tries, up to
// seconds for a throttled one, and what these tests check is the answer once the tries are spent.
process.env.AWS_MAX_ATTEMPTS = '2';

const load = () => ({
  ...(require('../support/api') as typeof import('../support/api')),
  ...(require('../support/fixtures') as typeof import('../support/fixtures')),
  ...(require('../support/invariants') as typeof import('../support/invariants')),
});

/** The structured log entries (message and attributes) the handlers write while `fn` runs. */
async function logsOf(fn: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const { logger } = require('../../shared/logger') as typeof import('../../shared/logger');
  const entries: Array<Record<string, unknown>> = [];
  const capture = (message: unknown, extra: unknown) => {
    entries.push({ message, ...(typeof extra === 'object' && extra !== null ? extra : {}) });
  };
  const info = jest.spyOn(logger, 'info').mockImplementation(capture as never);
  const error = jest.spyOn(logger, 'error').mockImplementation(capture as never);
  try {
    await fn();
  } finally {
    info.mockRestore();
    error.mockRestore();
  }
  return entries;
}

describe('store faults', () => {
  it('throttled transactions past the retries: 503 with Retry-After, logged, and nothing half-written', async () => {
    const { viaHandler: call, newEntity, ALWAYS_OPEN, futureWorkingDate, mobile, partition } = load();
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(20), max_appointments: 2 },
      })
    ).json.data;

    proxy().mode = 'throttle-transactions';
    let answer = {
      status: 0,
      json: undefined as unknown as Record<string, unknown>,
      headers: {} as Record<string, string>,
      text: '',
    };
    const logs = await logsOf(async () => {
      answer = await call('POST', '/api/v2/appointments', {
        headers: entity.v2,
        body: { client_name: 'A B', client_phone: mobile(1), slot_id: slot.id },
      });
    });
    proxy().mode = 'pass';

    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    const requestId = answer.headers['x-request-id'];
    expect(answer.json).toEqual({
      success: false,
      data: [],
      message: 'the service is busy, retry the same request',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(answer.text).not.toMatch(/Throttl|stack|at .*\.ts|node_modules/);
    const line = logs.find((l) => l.message === 'request' && l.request_id === requestId);
    expect(line).toMatchObject({ status: 503 });
    expect(logs.find((l) => l.message === 'store unavailable' && l.request_id === requestId)).toMatchObject({
      fault: 'throttled',
    });

    const items = await partition(entity.entity_account_id);
    expect(items.filter((i) => i.type === 'appointment' || i.type === 'client')).toEqual([]);
    expect(items.find((i) => i.type === 'slot')).toMatchObject({ taken: 0 });

    const retry = await call('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: { client_name: 'A B', client_phone: mobile(1), slot_id: slot.id },
    });
    expect(retry.status).toBe(200);
  });

  it('an unreachable store: health says degraded with 503, other routes 503 with Retry-After', async () => {
    const { viaHandler: call, newEntity } = load();
    const entity = await newEntity();
    proxy().mode = 'down';
    try {
      const health = await call('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({
        success: false,
        http_code: 503,
        data: { status: 'degraded', database: 'unreachable' },
      });
      expect(health.headers['retry-after']).toBeUndefined();
      const v2 = await call('GET', '/api/v2/opening-hours', { headers: entity.v2 });
      expect(v2.status).toBe(503);
      expect(v2.headers['retry-after']).toBe('5');
      expect(v2.json).toEqual({
        success: false,
        data: [],
        message: 'the service is unavailable for a moment, retry the same request',
        code: 'SERVICE_UNAVAILABLE',
      });
      const v1 = await call('GET', '/api/calendars', { headers: entity.v1 });
      expect(v1.status).toBe(503);
      expect(v1.headers['retry-after']).toBe('5');
      expect(v1.json).toMatchObject({
        success: false,
        error_code: 'SERVICE_UNAVAILABLE',
        http_code: 503,
        data: null,
      });
    } finally {
      proxy().mode = 'pass';
    }
    // Healthy again once the store answers: health's own 2 s deadline can pass on a loaded machine, so it
    // is asked until it answers 200 (the bound only ends a failing test).
    expect(await eventually(async () => (await call('GET', '/api/health')).status === 200)).toBe(true);
  });
  it('the staff feed, outside both APIs, answers a store that cannot be reached as 503 with Retry-After', async () => {
    const { handler } =
      require('../../functions/feeds/get-feed') as typeof import('../../functions/feeds/get-feed');
    const file = `${'A'.repeat(43)}.ics`;
    const event = {
      rawPath: `/feeds/${file}`,
      pathParameters: { file },
      headers: {},
      requestContext: { requestId: 'feed-down', http: { method: 'GET', sourceIp: '127.0.0.1' } },
    };
    proxy().mode = 'down';
    try {
      const feed = await handler(event as never, { awsRequestId: 'feed-down' } as never);
      expect(feed.statusCode).toBe(503);
      expect(feed.headers).toMatchObject({ 'retry-after': '5', 'x-request-id': 'feed-down' });
      expect(String(feed.headers?.['server-timing'])).toMatch(/^store;dur=/);
      expect(feed.body).toBe('the service is unavailable for a moment, retry the same request\n');
    } finally {
      proxy().mode = 'pass';
    }
  });
});
