/** The ports of queued jobs (webhook deliveries, client e-mails): the queue and where failed jobs park. */

/** A queue of jobs with per-job delays: SQS on AWS, timers locally (webhook deliveries, client e-mails). */
export interface JobQueue<T> {
  /** The longest wait one message can be given (SQS: 900 s); longer waits are re-enqueued. */
  readonly maxDelaySeconds: number;
  enqueue(job: T, delaySeconds: number): Promise<void>;
}

/** Where a job goes when every attempt failed. */
export interface DeadJobs<T> {
  park(job: T, reason: string): Promise<void>;
}
