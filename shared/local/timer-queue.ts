import type { DeadLetters, Delivery, DeliveryQueue } from '../services/ports';

/**
 * The local delivery queue: a timer per queued delivery, holding it back as SQS would (the same 900 s cap,
 * so long waits are split the same way). A delivery whose handling throws is tried again after a short
 * pause, like an SQS message whose visibility timeout ran out. Dead deliveries are kept in `parked`.
 */
export class TimerDeliveryQueue implements DeliveryQueue, DeadLetters {
  readonly maxDelaySeconds = 900;
  readonly parked: Array<{ delivery: Delivery; reason: string }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private handler: ((delivery: Delivery) => Promise<unknown>) | undefined;
  private stopped = false;

  constructor(
    private readonly log: (line: string) => void = () => undefined,
    private readonly retryAfterErrorMs = 1000,
  ) {}

  /** Sets who handles the deliveries when their time comes. */
  consume(handler: (delivery: Delivery) => Promise<unknown>): void {
    this.handler = handler;
  }

  async enqueue(delivery: Delivery, delaySeconds: number): Promise<void> {
    this.later(delivery, delaySeconds * 1000);
  }

  async park(delivery: Delivery, reason: string): Promise<void> {
    this.parked.push({ delivery, reason });
    this.log(`webhook ${delivery.subscriptionId}: event ${delivery.event.id} parked as dead (${reason})`);
  }

  /** Stops the timers and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private later(delivery: Delivery, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(delivery);
    }, ms);
    this.timers.add(timer);
  }

  private run(delivery: Delivery): void {
    if (this.stopped || !this.handler) return;
    const work = this.handler(delivery).catch((error: unknown) => {
      this.log(`webhook delivery failed, trying again: ${(error as Error).message}`);
      this.later(delivery, this.retryAfterErrorMs);
    });
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}
