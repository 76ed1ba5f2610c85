import type { JobQueue } from './ports';

/** A queued job that may carry when it is due, when its wait was longer than the queue holds one. */
type Deferrable = { notBefore?: number };

/**
 * Puts a job back on its queue `seconds` from now. A wait longer than the queue allows (SQS: 15 minutes)
 * is split: the job goes with the time it is due, and comes back to wait for the rest (`heldBack`).
 */
export async function enqueueAfter<T extends Deferrable>(
  queue: JobQueue<T>,
  job: T,
  seconds: number,
  nowMs: number,
): Promise<void> {
  const { notBefore: _, ...rest } = job;
  if (seconds <= queue.maxDelaySeconds) return queue.enqueue(rest as T, Math.max(0, seconds));
  await queue.enqueue({ ...rest, notBefore: nowMs + seconds * 1000 } as T, queue.maxDelaySeconds);
}

/** A job taken from its queue before it is due goes back for the rest of its wait; true when it did. */
export async function heldBack<T extends Deferrable>(
  queue: JobQueue<T>,
  job: T,
  nowMs: number,
): Promise<boolean> {
  if (job.notBefore === undefined || job.notBefore <= nowMs) return false;
  await enqueueAfter(queue, job, (job.notBefore - nowMs) / 1000, nowMs);
  return true;
}
