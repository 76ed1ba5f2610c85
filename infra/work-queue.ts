import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { deadLetterAlarm, queueAgeAlarm } from './observability';
import type { StageConfig } from './stage/config';

/**
 * A dead-letter queue: what failed every attempt, kept 14 days, encrypted, reached over TLS only, and
 * alarmed on every new message (`alarm`). `of` says whose dead letters it holds (it has none of its own).
 */
export function addDeadLetterQueue(
  scope: Construct,
  id: string,
  props: { of: string; alarm: { id: string; description: string } },
): { queue: Queue; alarm: Alarm } {
  const queue = new Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  NagSuppressions.addResourceSuppressions(queue, [
    {
      id: 'AwsSolutions-SQS3',
      reason: `This is the dead-letter queue of ${props.of}: it has none of its own.`,
    },
  ]);
  return { queue, alarm: deadLetterAlarm(scope, props.alarm.id, queue, props.alarm.description) };
}

/**
 * A work queue a function consumes: a message is hidden six times the function's timeout while it is
 * handled (as Lambda advises), kept `retention`, encrypted, reached over TLS only, and parked in
 * `deadLetters` after `maxReceiveCount` receipts; alarmed when its oldest message waits longer than the
 * stage allows (`ageAlarm`).
 */
export function addWorkQueue(
  scope: Construct,
  id: string,
  props: {
    stage: StageConfig;
    consumerTimeout: Duration;
    retention: Duration;
    deadLetters: Queue;
    maxReceiveCount: number;
    ageAlarm: { id: string; description: string };
  },
): Queue {
  const queue = new Queue(scope, id, {
    visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
    retentionPeriod: props.retention,
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    deadLetterQueue: { queue: props.deadLetters, maxReceiveCount: props.maxReceiveCount },
  });
  queueAgeAlarm(scope, props.ageAlarm.id, {
    queue,
    description: props.ageAlarm.description,
    stage: props.stage,
  });
  return queue;
}
