import { useStoreProxy } from '../support/doubles/store-proxy';

/**
 * A store that stops answering (the proxy takes every request and never answers): the request answers 503
 * with Retry-After in its API's envelope before the function's deadline, never a Lambda timeout. The
 * function here has a 3 s timeout (each store try 1 s: shared/db/deadline.ts) and two tries a request.
 */
const { proxy } = useStoreProxy();
process.env.FUNCTION_TIMEOUT_SECONDS = '3';
process.env.AWS_MAX_ATTEMPTS = '2';

const load = () => ({
  ...(require('../support/api') as typeof import('../support/api')),
  ...(require('../support/fixtures') as typeof import('../support/fixtures')),
  ...(require('../support/invariants') as typeof import('../support/invariants')),
});

const STALLED = 'the service is unavailable for a moment, retry the same request';

/** The answer of `fn` while the store hangs, and how long it took. */
async function whileHanging<T>(fn: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  proxy().mode = 'hang';
  const started = Date.now();
  try {
    const answer = await fn();
    return { answer, ms: Date.now() - started };
  } finally {
    proxy().mode = 'pass';
  }
}

describe('a store that stops answering', () => {
  it('v2: the request timeouts end each try; 503 with Retry-After within the function timeout', async () => {
    const { viaHandler: call, newEntity } = load();
    const entity = await newEntity();
    const { answer, ms } = await whileHanging(() =>
      call('GET', '/api/v2/opening-hours', { headers: entity.v2, remainingMs: 3_000 }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json).toEqual({ success: false, data: [], message: STALLED, code: 'SERVICE_UNAVAILABLE' });
    expect(ms).toBeLessThan(3_000);
  });

  it('v1: the deadline ends the try in flight before the invocation ends; 503 with Retry-After', async () => {
    const { viaHandler: call, newEntity } = load();
    const entity = await newEntity();
    // 800 ms left: less than one try's timeout, so only the deadline (800 - 300 ms reserve) can end it.
    const { answer, ms } = await whileHanging(() =>
      call('GET', '/api/calendars', { headers: entity.v1, remainingMs: 800 }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json).toMatchObject({
      success: false,
      data: null,
      error_code: 'SERVICE_UNAVAILABLE',
      http_code: 503,
    });
    expect(ms).toBeLessThan(800);
  });

  it('a booking that could not finish is sent again with its Idempotency-Key, and books once', async () => {
    const { viaHandler: call, newEntity, ALWAYS_OPEN, futureWorkingDate, mobile, partition } = load();
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(20), max_appointments: 2 },
      })
    ).json.data;
    const booking = {
      headers: { ...entity.v2, 'Idempotency-Key': 'deadline-1' },
      body: { client_name: 'A B', client_phone: mobile(1), slot_id: slot.id },
      remainingMs: 3_000,
    };
    const { answer, ms } = await whileHanging(() => call('POST', '/api/v2/appointments', booking));
    expect(answer.status).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(ms).toBeLessThan(3_000);

    const retry = await call('POST', '/api/v2/appointments', booking);
    expect(retry.status).toBe(200);
    const items = await partition(entity.entity_account_id);
    expect(items.filter((i) => i.type === 'appointment')).toHaveLength(1);
  });
});
