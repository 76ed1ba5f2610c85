import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeadLetters, Delivery, DeliveryQueue } from '../services/ports';

/** SQS holds a message back at most 15 minutes; longer waits are split by the delivery service. */
export const SQS_MAX_DELAY_SECONDS = 900;

/** Deliveries on AWS: the delivery queue (per-message DelaySeconds) and the dead-letter queue. */
export class SqsDeliveryQueue implements DeliveryQueue, DeadLetters {
  readonly maxDelaySeconds = SQS_MAX_DELAY_SECONDS;

  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
    private readonly deadLetterUrl: string,
  ) {}

  async enqueue(delivery: Delivery, delaySeconds: number): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(delivery),
        DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
      }),
    );
  }

  async park(delivery: Delivery, reason: string): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.deadLetterUrl,
        MessageBody: JSON.stringify({ reason, delivery }),
      }),
    );
  }
}
