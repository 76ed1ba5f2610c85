import { Duration, type Stack } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import { openDaysPk } from '../shared/db/keys';
import { EVENT_ENTRIES } from '../shared/routes';
import { EVENT_ROUTES } from '../shared/telemetry/names';
import { addIteratorAgeAlarm } from './observability';
import { addRouteFunction, functionId } from './stacks/route-functions';
import type { StageConfig } from './stage/config';
import { addDeadLetterQueue, addWorkQueue } from './work-queue';

/**
 * What the open-days entity function (one entity's run per message) does on the table: read settings,
 * hours, closures, slots and the directory; generate slots (transactions of puts with conditions and counter
 * updates); remember the last day looked at.
 */
export const OPEN_DAYS_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
];

/**
 * What the open-days function (the fan-out) does on the table: read the open-days directory, and nothing
 * else (a condition holds it to the directory's partition). On the queue it may only send messages.
 */
export const OPEN_DAYS_FAN_OUT_ACTIONS = ['dynamodb:Query'];

/** How many entities' runs are under way at once on AWS (the SQS event source's maximum concurrency). */
export const OPEN_DAYS_CONCURRENCY = 5;

/** One entity's run at most: opening a year of days for an entity that just switched it on takes long. */
const ENTITY_RUN_TIMEOUT = Duration.minutes(5);

/** How often every entity of the directory is looked at (new days); changes act through the stream. */
export const OPEN_DAYS_SCHEDULE = Duration.hours(1);

/** The item types whose change may open or close days (shared/features/webhooks/adapters/stream-changes.ts). */
const CONFIG_TYPES = ['settings', 'opening-hours', 'closure-day', 'calendar-hours'];

/**
 * Slots that open by themselves (docs/CONTRACT.md#open-days), fair between entities
 * (docs/design/data-model.md#open-days-what-a-run-costs): the open-days function, run hourly by an
 * EventBridge rule and by the table's stream when an entity's settings, hours or closure days change, a
 * calendar's own hours change, or a calendar is created or activated again, only queues one message per
 * entity; the open-days entity function runs each entity's days, several entities at once (an SQS event
 * source with a maximum concurrency, one message per invocation). A message that keeps failing lands in the
 * open-days dead-letter queue (alarmed); so does a batch of stream records that keeps failing.
 */
export function addOpenDays(
  stack: Stack,
  props: { stage: StageConfig; table: TableV2; deadLetterQueue: IQueue },
): { queue: Queue; deadLetterQueue: Queue } {
  const { stage, table } = props;

  const { queue: openDaysDeadLetterQueue } = addDeadLetterQueue(stack, 'OpenDaysDeadLetterQueue', {
    of: 'the open-days queue',
    alarm: {
      id: 'OpenDaysDeadLetters',
      description: `Entities whose open-days run kept failing (${stage.name})`,
    },
  });
  const queue = addWorkQueue(stack, 'OpenDaysQueue', {
    stage,
    consumerTimeout: ENTITY_RUN_TIMEOUT,
    retention: Duration.days(1),
    deadLetters: openDaysDeadLetterQueue,
    maxReceiveCount: 3,
    ageAlarm: { id: 'OpenDaysQueueAge', description: `Open-days runs waiting too long (${stage.name})` },
  });

  // The fan-out: reads the directory's partition only, sends messages to the open-days queue only.
  const fn = addRouteFunction(stack, {
    name: EVENT_ROUTES.openDays,
    entry: EVENT_ENTRIES.openDays,
    actions: [],
    stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: 60 } },
    table,
  });
  // The table, not its indexes: the directory is one partition of it.
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: OPEN_DAYS_FAN_OUT_ACTIONS,
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [openDaysPk()] } },
    }),
  );
  fn.addEnvironment('OPEN_DAYS_QUEUE_URL', queue.queueUrl);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));

  // One entity's run per message, several entities at once.
  const entityFn = addRouteFunction(stack, {
    name: EVENT_ROUTES.openDaysEntity,
    entry: EVENT_ENTRIES.openDaysEntity,
    actions: OPEN_DAYS_ACTIONS,
    stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: ENTITY_RUN_TIMEOUT.toSeconds() } },
    table,
  });
  entityFn.addEventSource(
    new SqsEventSource(queue, {
      batchSize: 1,
      maxConcurrency: OPEN_DAYS_CONCURRENCY,
      reportBatchItemFailures: true,
    }),
  );

  new Rule(stack, 'OpenDaysSchedule', {
    description: `Open the next days of every entity with open_days_ahead (${stage.name})`,
    schedule: Schedule.rate(OPEN_DAYS_SCHEDULE),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  addIteratorAgeAlarm(stack, functionId(EVENT_ROUTES.openDays), { name: EVENT_ROUTES.openDays, fn, stage });
  fn.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(2),
      bisectBatchOnError: true,
      retryAttempts: 3,
      maxRecordAge: Duration.hours(1),
      onFailure: new SqsDlq(props.deadLetterQueue),
      filters: [
        FilterCriteria.filter({ dynamodb: { NewImage: { type: { S: FilterRule.or(...CONFIG_TYPES) } } } }),
        FilterCriteria.filter({ dynamodb: { OldImage: { type: { S: FilterRule.isEqual('closure-day') } } } }),
        // A calendar created, or activated again (docs/CONTRACT.md#services-and-staff): its days open too.
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: { type: { S: FilterRule.isEqual('calendar') } } },
        }),
        FilterCriteria.filter({
          dynamodb: {
            NewImage: {
              type: { S: FilterRule.isEqual('calendar') },
              is_active: { BOOL: FilterRule.isEqual(true) },
            },
            OldImage: { is_active: { BOOL: FilterRule.isEqual(false) } },
          },
        }),
      ],
    }),
  );
  return { queue, deadLetterQueue: openDaysDeadLetterQueue };
}
