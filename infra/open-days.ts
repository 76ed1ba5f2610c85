import { Duration, type Stack } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EVENT_ENTRIES } from '../shared/routes';
import { EVENT_ROUTES } from '../shared/telemetry/names';
import { addRouteFunction, functionId } from './api-stack';
import type { StageConfig } from './config';
import { addIteratorAgeAlarm } from './observability';

/**
 * What the open-days function does on the table: read settings, hours, closures, slots and the directory;
 * generate slots (transactions of puts with conditions and counter updates); remember the last day looked at.
 */
export const OPEN_DAYS_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:ConditionCheckItem',
];

/** How often every entity of the directory is looked at (new days); changes act through the stream. */
export const OPEN_DAYS_SCHEDULE = Duration.hours(1);

/** The item types whose change may open or close days (shared/adapters/stream-changes.ts). */
const CONFIG_TYPES = ['settings', 'opening-hours', 'closure-day', 'calendar-hours'];

/**
 * Slots that open by themselves (docs/CONTRACT.md#open-days): one function, run hourly by an EventBridge
 * rule and by the table's stream when an entity's settings, hours or closure days change, a calendar's
 * own hours change, or a calendar is created or activated again.
 */
export function addOpenDays(
  stack: Stack,
  props: { stage: StageConfig; table: TableV2; deadLetterQueue: IQueue },
): void {
  const { stage, table } = props;
  const fn = addRouteFunction(stack, {
    name: EVENT_ROUTES.openDays,
    entry: EVENT_ENTRIES.openDays,
    actions: OPEN_DAYS_ACTIONS,
    // Opening a year of days for an entity that just switched it on takes more than an API request's time.
    stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: 300 } },
    table,
  });
  new Rule(stack, 'OpenDaysSchedule', {
    description: `Open the next days of every entity with open_days_ahead (${stage.name})`,
    schedule: Schedule.rate(OPEN_DAYS_SCHEDULE),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  addIteratorAgeAlarm(stack, functionId(EVENT_ROUTES.openDays), EVENT_ROUTES.openDays, fn, stage);
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
}
