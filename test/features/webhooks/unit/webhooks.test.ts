import { Webhook } from 'standardwebhooks';
import { NO_METRICS } from '../../../../shared/core/business-metrics';
import {
  eventIdOf,
  eventTypeOf,
  isEventId,
  isNonPublicAddress,
  RETRY_SCHEDULE_SECONDS,
  urlProblem,
} from '../../../../shared/features/webhooks/domain/webhooks';
import type { Delivery, DeliveryQueue, WebhookRecord } from '../../../../shared/features/webhooks/ports';
import { WebhookDelivery } from '../../../../shared/features/webhooks/services/webhook-delivery';

const appointment = (status: 'confirmed' | 'cancelled' | 'pending', slot_id = 1) =>
  ({ status, slot_id }) as Parameters<typeof eventTypeOf>[0];

describe('booking events, pure rules', () => {
  it('keeps the production retry schedule: within 10 s, then ~30 s, 2 min, 15 min, 1 h, 6 h, 24 h', () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual([5, 30, 120, 900, 3600, 21_600, 86_400]);
    expect(RETRY_SCHEDULE_SECONDS[0]).toBeLessThanOrEqual(10);
  });

  it.each([
    [null, appointment('confirmed'), 'appointment.created'],
    [appointment('confirmed'), appointment('cancelled'), 'appointment.cancelled'],
    [appointment('confirmed', 1), appointment('confirmed', 2), 'appointment.updated'],
    [appointment('confirmed'), appointment('pending'), 'appointment.updated'],
    [appointment('cancelled'), appointment('confirmed'), 'appointment.updated'],
    [appointment('confirmed'), appointment('confirmed'), null],
  ])('%o -> %o is %s', (before, after, type) => {
    expect(eventTypeOf(before, after)).toBe(type);
  });

  it('makes deterministic event ids that sort in the order of happening, and carry only the change', () => {
    const a = eventIdOf(1_700_000_000_000, 900);
    expect(eventIdOf(1_700_000_000_000, 900)).toBe(a);
    expect(a).toBe('evt_17000000000000000000900');
    const later = [eventIdOf(1_700_000_000_000, 1000), eventIdOf(1_700_000_000_001, 5)];
    for (const id of later) expect(id > a).toBe(true);
    expect(isEventId(a)).toBe(true);
    expect(isEventId('evt_1')).toBe(false);
    expect(isEventId(`evt_${'1'.repeat(53)}`)).toBe(false);
  });

  it('refuses non-public addresses and plain http outside STAGE=local', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:93.184.216.34',
      '0.0.0.0',
      // IPv4-compatible, NAT64, 6to4, Teredo, documentation, discard, ORCHID, benchmarking, multicast.
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::5db8:d822',
      '2002:a00:1::1',
      '2001::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '2001:10::1',
      '2001:2::1',
      'ff02::1',
      '100.64.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      'not-an-address',
    ]) {
      expect({ ip, refused: isNonPublicAddress(ip) }).toEqual({ ip, refused: true });
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e']) {
      expect({ ip, refused: isNonPublicAddress(ip) }).toEqual({ ip, refused: false });
    }
    expect(urlProblem(new URL('https://example.com:8443/'), ['93.184.216.34'], false)).toBe(
      'must use port 443',
    );
    expect(urlProblem(new URL('https://example.com:443/'), ['93.184.216.34'], false)).toBeNull();
    expect(urlProblem(new URL('http://localhost:8080/'), ['127.0.0.1'], true)).toBeNull();
    expect(urlProblem(new URL('http://example.com/'), ['93.184.216.34'], false)).toMatch(/https/);
    expect(urlProblem(new URL('https://example.com/'), ['93.184.216.34'], false)).toBeNull();
    expect(urlProblem(new URL('https://example.com/'), ['93.184.216.34', '10.0.0.1'], false)).toMatch(
      /private/,
    );
    expect(urlProblem(new URL('https://localhost/'), ['127.0.0.1'], false)).toMatch(/loopback/);
    expect(urlProblem(new URL('http://localhost/'), ['127.0.0.1'], true)).toBeNull();
    expect(urlProblem(new URL('http://router/'), ['192.168.0.1'], true)).toMatch(/private/);
  });
});

describe('WebhookDelivery', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const subscription: WebhookRecord = {
    id: 'wh_1',
    url: 'https://hooks.example.com/x',
    events: ['appointment.created'],
    secret,
    created_at: '2026-01-01T00:00:00+01:00',
  };
  const delivery: Delivery = {
    entityId: 'e',
    subscriptionId: 'wh_1',
    appointmentId: 1,
    attempt: 1,
    event: { id: eventIdOf(1, 1), type: 'appointment.created', timestamp: 't', data: { appointment: {} } },
  };

  function setUp(status: number) {
    const results: string[] = [];
    const metrics = { ...NO_METRICS, delivery: (result: string) => void results.push(result) };
    const queued: Array<[Delivery, number]> = [];
    const parked: string[] = [];
    const failures: string[] = [];
    const posted: Array<{ headers: Record<string, string>; body: string }> = [];
    const queue: DeliveryQueue = {
      maxDelaySeconds: 900,
      enqueue: async (d, s) => {
        queued.push([d, s]);
      },
    };
    const service = new WebhookDelivery({
      webhooks: {
        get: async () => subscription,
        recordFailure: async (_e: string, _id: string, f: { reason: string }) => {
          failures.push(f.reason);
        },
        recordSuccess: async () => undefined,
      } as never,
      pending: {
        position: async () => 'first',
        remove: async () => undefined,
        next: async () => null,
      } as never,
      queue,
      dead: { park: async (_d, reason) => void parked.push(reason) },
      transport: {
        resolve: async () => ['93.184.216.34'],
        post: async (r) => {
          posted.push(r);
          return status;
        },
      },
      allowLocalReceivers: false,
      now: () => new Date(1_800_000_000_000),
      metrics,
    });
    return { service, queued, parked, failures, posted, results };
  }

  it('signs per Standard Webhooks, verifiable with the standardwebhooks library', async () => {
    const { service, posted } = setUp(204);
    expect(await service.handle(delivery)).toBe('delivered');
    const [request] = posted;
    expect(request?.headers['webhook-id']).toBe(delivery.event.id);
    const verify = new Webhook(secret);
    // The library refuses timestamps far from now; verify at the signing time.
    jest.useFakeTimers({ now: 1_800_000_000_000 });
    try {
      expect(verify.verify(request?.body ?? '', request?.headers ?? {})).toEqual(delivery.event);
    } finally {
      jest.useRealTimers();
    }
  });

  it('retries on the schedule, splits waits longer than the queue holds, then parks the delivery', async () => {
    const { service, queued, parked, failures } = setUp(503);
    expect(await service.handle(delivery)).toBe('retrying');
    expect(queued.at(-1)).toEqual([{ ...delivery, attempt: 2 }, 5]);
    await service.handle({ ...delivery, attempt: 5 });
    expect(queued.at(-1)).toEqual([
      { ...delivery, attempt: 6, notBefore: 1_800_000_000_000 + 3_600_000 },
      900,
    ]);
    expect(await service.handle({ ...delivery, attempt: 6, notBefore: 1_800_000_000_000 + 1_000_000 })).toBe(
      'waiting',
    );
    expect(queued.at(-1)?.[1]).toBe(900);
    expect(await service.handle({ ...delivery, attempt: 8 })).toBe('dead');
    expect(parked).toEqual(['delivery failed: HTTP 503 (attempt 8 of 8)']);
    expect(failures.at(-1)).toBe('delivery failed: HTTP 503 (attempt 8 of 8)');
  });

  it('counts each attempt: succeeded, failed, and dead after the last (a wait counts nothing)', async () => {
    const ok = setUp(204);
    await ok.service.handle(delivery);
    expect(ok.results).toEqual(['succeeded']);
    const failing = setUp(500);
    await failing.service.handle(delivery);
    await failing.service.handle({ ...delivery, attempt: 6, notBefore: 1_800_000_000_000 + 1_000_000 });
    await failing.service.handle({ ...delivery, attempt: 8 });
    expect(failing.results).toEqual(['failed', 'failed', 'dead']);
  });
});
