import type { DeadJobs, JobQueue } from '../../core/jobs/ports';
import type { Delivery } from '../../features/webhooks/ports';

export interface TimerQueueDeps<T> {
  log?: ((line: string) => void) | undefined;
  /** The pause before a failed job is tried again (1 s when absent). */
  retryAfterErrorMs?: number;
  /** What a log line calls a job (never an address or a body). */
  label?: (job: T) => string;
}

/**
 * A local queue of jobs (webhook deliveries, client e-mails): a timer per queued delivery, holding it back as SQS would (the same 900 s cap,
 * so long waits are split the same way). A delivery whose handling throws is tried again after a short
 * pause, like an SQS message whose visibility timeout ran out. Dead deliveries are kept in `parked`.
 */
export class TimerQueue<T> implements JobQueue<T>, DeadJobs<T> {
  readonly maxDelaySeconds = 900;
  readonly parked: Array<{ delivery: T; reason: string }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private handler: ((delivery: T) => Promise<unknown>) | undefined;
  private stopped = false;

  protected readonly log: (line: string) => void;
  private readonly retryAfterErrorMs: number;
  private readonly label: (job: T) => string;

  constructor(deps: TimerQueueDeps<T> = {}) {
    this.log = deps.log ?? (() => undefined);
    this.retryAfterErrorMs = deps.retryAfterErrorMs ?? 1000;
    this.label = deps.label ?? (() => 'job');
  }

  /** Sets who handles the jobs when their time comes. */
  consume(handler: (delivery: T) => Promise<unknown>): void {
    this.handler = handler;
  }

  async enqueue(delivery: T, delaySeconds: number): Promise<void> {
    this.later(delivery, delaySeconds * 1000);
  }

  async park(delivery: T, reason: string): Promise<void> {
    this.parked.push({ delivery, reason });
    this.log(`${this.label(delivery)} parked as dead (${reason})`);
  }

  /** Jobs waiting for their time or being handled. */
  get pending(): number {
    return this.timers.size + this.running.size;
  }

  /** Stops the timers and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private later(delivery: T, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(delivery);
    }, ms);
    this.timers.add(timer);
  }

  private run(delivery: T): void {
    if (this.stopped || !this.handler) return;
    const work = this.handler(delivery).catch((error: unknown) => {
      this.log(`${this.label(delivery)} failed, trying again: ${(error as Error).message}`);
      this.later(delivery, this.retryAfterErrorMs);
    });
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}

/** The local webhook delivery queue. */
export class TimerDeliveryQueue extends TimerQueue<Delivery> {
  constructor(deps: TimerDeliveryQueueDeps = {}) {
    super({ ...deps, label: (d) => `webhook ${d.subscriptionId}: event ${d.event.id}` });
  }
}

export type TimerDeliveryQueueDeps = Omit<TimerQueueDeps<Delivery>, 'label'>;
