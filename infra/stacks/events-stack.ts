import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { DISPATCH } from '../../shared/features/webhooks';
import { EVENT_ENTRIES } from '../../shared/routes';
import { EVENT_ROUTES } from '../../shared/telemetry/names';
import { addMail, type MailResources } from '../mail';
import { addIteratorAgeAlarm } from '../observability';
import { addOpenDays } from '../open-days';
import type { StageConfig } from '../stage/config';
import { addDeadLetterQueue, addWorkQueue } from '../work-queue';
import { addRouteFunction, functionId } from './route-functions';

export interface EventsStackProps extends StackProps {
  stage: StageConfig;
  /** The stage's table, with its stream (NEW_AND_OLD_IMAGES). */
  table: TableV2;
}

/** What each event function does on the table (docs/EVENTS.md, docs/design/data-model.md access patterns). */
export const DISPATCHER_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];
export const DELIVERY_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];

/** SQS holds a message back at most 15 minutes; the delivery service splits longer waits. */
const DELIVERY_TIMEOUT = Duration.seconds(30);

/**
 * Booking events (docs/EVENTS.md): the dispatcher reads the table's stream and writes events and queued
 * deliveries; the delivery function takes deliveries from the queue (which also holds the retries, with
 * per-message delays) and parks the ones that failed every attempt in the dead-letter queue, which alarms.
 */
export class EventsStack extends Stack {
  readonly deliveryQueue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly mail: MailResources;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { stage, table } = props;

    const deadLetters = addDeadLetterQueue(this, 'DeadLetterQueue', {
      of: 'the delivery queue and of the stream',
      alarm: {
        id: 'DeadLetters',
        description: `Webhook deliveries or stream records parked as dead (${stage.name})`,
      },
    });
    this.deadLetterQueue = deadLetters.queue;
    this.deadLetterAlarm = deadLetters.alarm;
    this.deliveryQueue = addWorkQueue(this, 'DeliveryQueue', {
      stage,
      consumerTimeout: DELIVERY_TIMEOUT,
      retention: Duration.days(4),
      deadLetters: this.deadLetterQueue,
      // A message whose handling crashes (not a receiver's failure, which the service reschedules) five times.
      maxReceiveCount: 5,
      ageAlarm: {
        id: 'DeliveryQueueAge',
        description: `Webhook deliveries waiting too long to be handled (${stage.name})`,
      },
    });

    const environment = {
      DELIVERY_QUEUE_URL: this.deliveryQueue.queueUrl,
      DEAD_LETTER_QUEUE_URL: this.deadLetterQueue.queueUrl,
    };

    // Its own timeout and batch size (DISPATCH): it stops before the deadline, reporting what is left.
    const dispatcher = addRouteFunction(this, {
      name: EVENT_ROUTES.dispatch,
      entry: EVENT_ENTRIES.dispatch,
      actions: DISPATCHER_ACTIONS,
      stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: DISPATCH.timeoutSeconds } },
      table,
    });
    for (const [key, value] of Object.entries(environment)) dispatcher.addEnvironment(key, value);
    this.deliveryQueue.grantSendMessages(dispatcher);
    dispatcher.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: DISPATCH.batchSize,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        // Only appointments make events; the events and deliveries the dispatcher writes never wake it.
        filters: [
          FilterCriteria.filter({
            dynamodb: { NewImage: { type: { S: FilterRule.isEqual('appointment') } } },
          }),
        ],
      }),
    );

    addIteratorAgeAlarm(this, functionId(EVENT_ROUTES.dispatch), {
      name: EVENT_ROUTES.dispatch,
      fn: dispatcher,
      stage,
    });

    const delivery = addRouteFunction(this, {
      name: EVENT_ROUTES.deliver,
      entry: EVENT_ENTRIES.deliver,
      actions: DELIVERY_ACTIONS,
      stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: DELIVERY_TIMEOUT.toSeconds() } },
      table,
    });
    for (const [key, value] of Object.entries(environment)) delivery.addEnvironment(key, value);
    this.deliveryQueue.grantSendMessages(delivery);
    this.deadLetterQueue.grantSendMessages(delivery);
    delivery.addEventSource(
      new SqsEventSource(this.deliveryQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    addOpenDays(this, { stage, table, deadLetterQueue: this.deadLetterQueue });
    this.mail = addMail(this, { stage, table, dispatcher });

    NagSuppressions.addStackSuppressions(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime the project builds and tests for (esbuild target node22), as in the API stack.',
      },
    ]);
  }
}
