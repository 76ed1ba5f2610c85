import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeadJobs, JobQueue } from '../../../core/jobs/ports';
import type { Delivery } from '../ports';

/** SQS holds a message back at most 15 minutes; longer waits are split by the delivery service. */
export const SQS_MAX_DELAY_SECONDS = 900;

/** Jobs on AWS (webhook deliveries, client e-mails): a queue (per-message DelaySeconds) and its dead letters. */
export interface SqsJobQueueDeps {
  sqs: SQSClient;
  /** The queue the jobs are sent to, and the one a job is parked in as dead. */
  queueUrl: string;
  deadLetterUrl: string;
}

export class SqsJobQueue<T> implements JobQueue<T>, DeadJobs<T> {
  readonly maxDelaySeconds = SQS_MAX_DELAY_SECONDS;

  private readonly sqs: SQSClient;
  private readonly queueUrl: string;
  private readonly deadLetterUrl: string;

  constructor(deps: SqsJobQueueDeps) {
    this.sqs = deps.sqs;
    this.queueUrl = deps.queueUrl;
    this.deadLetterUrl = deps.deadLetterUrl;
  }

  async enqueue(delivery: T, delaySeconds: number): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(delivery),
        DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
      }),
    );
  }

  async park(delivery: T, reason: string): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.deadLetterUrl,
        MessageBody: JSON.stringify({ reason, delivery }),
      }),
    );
  }
}

/** Deliveries on AWS: the delivery queue and the dead-letter queue. */
export class SqsDeliveryQueue extends SqsJobQueue<Delivery> {}
