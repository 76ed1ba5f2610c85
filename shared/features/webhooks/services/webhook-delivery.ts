import { Webhook } from 'standardwebhooks';
import { type BusinessMetrics, NO_METRICS } from '../../../core/business-metrics';
import { enqueueAfter, heldBack } from '../../../core/jobs/job-queue';
import { DELIVERY_TIMEOUT_MS, RETRY_SCHEDULE_SECONDS, urlProblem } from '../domain/webhooks';
import type {
  DeadLetters,
  Delivery,
  DeliveryQueue,
  PendingDeliveries,
  WebhookRecord,
  WebhookStore,
  WebhookTransport,
} from '../ports';
import { addressesOf } from './webhook-address';

/** What a delivery needs: the subscriptions, the pending deliveries, the queue and its dead letters, the network. */
export interface WebhookDeliveryDeps {
  webhooks: WebhookStore;
  pending: PendingDeliveries;
  queue: DeliveryQueue;
  dead: DeadLetters;
  transport: WebhookTransport;
  /** Seconds before each retry; the production schedule unless a test shortens it. */
  schedule?: readonly number[];
  /** STAGE=local: http and loopback receivers (private addresses) are allowed. */
  allowLocalReceivers: boolean;
  timeoutMs?: number;
  now?: () => Date;
  /** Where each attempt's result is counted (succeeded, failed, dead). */
  metrics?: BusinessMetrics;
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'dead' | 'waiting' | 'dropped';

/**
 * Delivers one event to one subscription per Standard Webhooks: a signed JSON POST; any 2xx is success,
 * anything else (status, timeout, refused address) is retried on the schedule, then parked as dead. The
 * same code runs on AWS (SQS) and locally (timers): only the queue differs.
 */
export class WebhookDelivery {
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  private readonly metrics: BusinessMetrics;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.schedule = deps.schedule ?? RETRY_SCHEDULE_SECONDS;
    this.timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.now = deps.now ?? (() => new Date());
    this.metrics = deps.metrics ?? NO_METRICS;
  }

  /** Handles one delivery taken from the queue. Throws only when the store or queue fails (then retried). */
  async handle(delivery: Delivery): Promise<DeliveryOutcome> {
    // 1. A wait longer than the queue can hold goes back for the rest of it.
    if (await heldBack(this.deps.queue, delivery, this.now().getTime())) return 'waiting';
    // 2. A removed subscription gets nothing more.
    const subscription = await this.deps.webhooks.get(delivery.entityId, delivery.subscriptionId);
    if (!subscription) {
      await this.done(delivery);
      return 'dropped';
    }
    // 3. One appointment's events go out in order: an earlier pending one queues this one when done. A
    //    delivery already done (a message seen twice) is not sent again.
    const position = await this.deps.pending.position(delivery);
    if (position === 'behind') return 'waiting';
    if (position === 'gone') {
      // Done already: a message seen twice, or the retry of one whose removal was written but whose next
      // step failed (the store's fault); the next one of the appointment is queued, or it would wait for good.
      await this.queueNext(delivery);
      return 'dropped';
    }

    // 4. The attempt and its outcome.
    const failure = await this.attempt(subscription, delivery);
    const at = this.now().toISOString();
    this.metrics.delivery(failure === null ? 'succeeded' : 'failed');
    if (failure === null) {
      await this.deps.webhooks.recordSuccess(delivery.entityId, subscription.id, at);
      await this.done(delivery);
      return 'delivered';
    }
    const total = this.schedule.length + 1;
    const reason = `${failure} (attempt ${delivery.attempt} of ${total})`;
    await this.deps.webhooks.recordFailure(delivery.entityId, subscription.id, {
      at,
      event_id: delivery.event.id,
      reason,
    });
    const delay = this.schedule[delivery.attempt - 1];
    if (delay !== undefined) {
      const next = { ...delivery, attempt: delivery.attempt + 1 };
      await enqueueAfter(this.deps.queue, next, delay, this.now().getTime());
      return 'retrying';
    }
    await this.deps.dead.park(delivery, reason);
    this.metrics.delivery('dead');
    await this.done(delivery);
    return 'dead';
  }

  /** The signed request of a delivery (Standard Webhooks headers over `id.timestamp.body`). */
  signed(subscription: WebhookRecord, delivery: Delivery): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(delivery.event);
    const at = this.now();
    const signature = new Webhook(subscription.secret).sign(delivery.event.id, at, body);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'booking-api-webhooks/1',
        'webhook-id': delivery.event.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    };
  }

  /** One attempt: null on a 2xx answer, else why it failed. The host is resolved and checked each time. */
  private async attempt(subscription: WebhookRecord, delivery: Delivery): Promise<string | null> {
    const url = new URL(subscription.url);
    const { host, addresses } = await addressesOf(url, this.deps.transport);
    if (!addresses) return `host ${host} does not resolve`;
    const problem = urlProblem(url, addresses, this.deps.allowLocalReceivers);
    if (problem) return `url refused: ${problem}`;
    const { headers, body } = this.signed(subscription, delivery);
    try {
      const status = await this.deps.transport.post({
        url,
        address: addresses[0] as string,
        headers,
        body,
        timeoutMs: this.timeoutMs,
      });
      return status >= 200 && status < 300 ? null : `delivery failed: HTTP ${status}`;
    } catch {
      // A refused port, a reset or a timeout all read the same: nothing says which (no port scanning).
      return 'no answer';
    }
  }

  /** A delivery is over (sent, dead or dropped): the next one of the same appointment may go. */
  private async done(delivery: Delivery): Promise<void> {
    await this.deps.pending.remove(delivery);
    await this.queueNext(delivery);
  }

  /** The first pending delivery of the same subscription and appointment after this one goes in the queue. */
  private async queueNext(delivery: Delivery): Promise<void> {
    const next = await this.deps.pending.next(delivery);
    if (next) await this.deps.queue.enqueue(next, 0);
  }
}
