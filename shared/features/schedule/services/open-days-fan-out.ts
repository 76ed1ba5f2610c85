import type { JobQueue } from '../../../core/jobs/ports';
import type { OpenDaysDirectory, OpenDaysJob } from '../ports';

/** What a fan-out did: the entities whose run was queued, and those whose message could not be sent. */
export interface OpenDaysFanOut {
  queued: string[];
  failed: Array<{ entityId: string; error: string }>;
}

/**
 * Open days are fair (docs/design/data-model.md#open-days-what-a-run-costs): the scheduled run and a change
 * of settings, hours or closures do not open days themselves; they queue one job per entity, and each job
 * is one entity's run (`OpenDaysService.openEntity`), consumed several at once (SQS on AWS, in-process
 * locally). No entity waits behind another's long run, and one entity's failure is its job's alone.
 */
export interface OpenDaysDispatcherDeps {
  directory: Pick<OpenDaysDirectory, 'list'>;
  queue: Pick<JobQueue<OpenDaysJob>, 'enqueue'>;
}

export class OpenDaysDispatcher {
  constructor(private readonly deps: OpenDaysDispatcherDeps) {}

  /** The scheduled run: one job per entity of the directory, from the day after its last run. */
  async all(): Promise<OpenDaysFanOut> {
    const entries = await this.deps.directory.list();
    return this.enqueue(entries.map((entry) => ({ entityId: entry.entityId, after: entry.openedThrough })));
  }

  /** After a change: one job per entity named, each looking at every day of its horizon again. */
  entities(entityIds: Iterable<string>): Promise<OpenDaysFanOut> {
    return this.enqueue([...new Set(entityIds)].map((entityId) => ({ entityId, after: null })));
  }

  private async enqueue(jobs: OpenDaysJob[]): Promise<OpenDaysFanOut> {
    const results = await Promise.allSettled(jobs.map((job) => this.deps.queue.enqueue(job, 0)));
    const fanOut: OpenDaysFanOut = { queued: [], failed: [] };
    results.forEach((result, i) => {
      const entityId = (jobs[i] as OpenDaysJob).entityId;
      if (result.status === 'fulfilled') fanOut.queued.push(entityId);
      else fanOut.failed.push({ entityId, error: (result.reason as Error).message });
    });
    return fanOut;
  }
}
