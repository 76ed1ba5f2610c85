import type { JobQueue } from '../../core/jobs/ports';
import type { OpenDaysJob } from '../../features/schedule/ports';

/**
 * The open-days queue on this machine (docs/design/data-model.md#open-days-what-a-run-costs): each job is one
 * entity's run, started at once beside the others, so no entity waits behind another's long run (on AWS,
 * SQS with several consumers). One entity has at most one run under way: a job for it that arrives meanwhile
 * waits for that run to end (several merge into one, from the earliest day asked), then runs. A failed run is
 * tried again after `retryAfterErrorMs` (the next scheduled run would look at the same days anyway).
 */
export interface LocalOpenDaysQueueDeps {
  /** One entity's run. */
  run: (job: OpenDaysJob) => Promise<unknown>;
  log?: (line: string) => void;
  /** The wait before a failed run is tried again (60 s when absent). */
  retryAfterErrorMs?: number;
}

export class LocalOpenDaysQueue implements Pick<JobQueue<OpenDaysJob>, 'enqueue'> {
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, OpenDaysJob>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  private readonly run: (job: OpenDaysJob) => Promise<unknown>;
  private readonly log: (line: string) => void;
  private readonly retryAfterErrorMs: number;

  constructor(deps: LocalOpenDaysQueueDeps) {
    this.run = deps.run;
    this.log = deps.log ?? (() => undefined);
    this.retryAfterErrorMs = deps.retryAfterErrorMs ?? 60_000;
  }

  async enqueue(job: OpenDaysJob): Promise<void> {
    if (this.stopped) return;
    if (!this.running.has(job.entityId)) {
      this.start(job);
      return;
    }
    const earlier = this.waiting.get(job.entityId);
    this.waiting.set(job.entityId, earlier ? earliest(earlier, job) : job);
  }

  /** The entities whose run is under way. */
  get runningEntities(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Starts no more runs and waits at most `graceMs` for those under way: a run cut short is looked at again
   * by the next one (it records its days only when it ends).
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.clear();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running.values()]), grace]);
    clearTimeout(timer);
  }

  private start(job: OpenDaysJob): void {
    const work = this.run(job).then(
      () => undefined,
      (error: unknown) => {
        this.log(`open days of ${job.entityId} failed, trying again: ${(error as Error).message}`);
        if (this.stopped) return;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          void this.enqueue(job);
        }, this.retryAfterErrorMs);
        timer.unref();
        this.timers.add(timer);
      },
    );
    this.running.set(job.entityId, work);
    void work.finally(() => {
      this.running.delete(job.entityId);
      const next = this.waiting.get(job.entityId);
      this.waiting.delete(job.entityId);
      if (next && !this.stopped) this.start(next);
    });
  }
}

/** Two jobs of one entity as one: from the earlier day (null, every day of the horizon, is the earliest). */
function earliest(a: OpenDaysJob, b: OpenDaysJob): OpenDaysJob {
  if (a.after === null || b.after === null) return { entityId: a.entityId, after: null };
  return a.after <= b.after ? a : b;
}
