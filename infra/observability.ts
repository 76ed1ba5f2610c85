/**
 * What makes a stage operable (docs/OPERATIONS.md): the Powertools layer every function runs with, its
 * alarms, the stage's alarm topic that every alarm notifies, and the stage's dashboard.
 */
import { CfnParameter, Duration, type IAspect, type Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  type IFunction,
  type ILayerVersion,
  LayerVersion,
  Runtime,
} from 'aws-cdk-lib/aws-lambda';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { TABLE_SCHEMA } from '../shared/db/table';
import { metricNamespace, refusedMetric, SERVICE_NAME } from '../shared/telemetry/names';
import { buildLocalLayer } from './powertools-layer';
import { POWERTOOLS_VERSION, powertoolsLayerParameter, type StageConfig } from './stage/config';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The stack's one Powertools layer: AWS's public layer of the pinned release (infra/stage/config.ts), or with
 * `-c powertoolsLayer=local` a layer asset built from node_modules (infra/powertools-layer.ts), which
 * `sam local` runs without an AWS account.
 */
export function powertoolsLayer(stack: Stack, stage: Pick<StageConfig, 'powertoolsLayer'>): ILayerVersion {
  const existing = stack.node.tryFindChild('PowertoolsLayer') as ILayerVersion | undefined;
  if (existing) return existing;
  if (stage.powertoolsLayer === 'local') {
    return new LayerVersion(stack, 'PowertoolsLayer', {
      code: Code.fromAsset(buildLocalLayer()),
      compatibleRuntimes: [Runtime.NODEJS_22_X],
      compatibleArchitectures: [Architecture.ARM_64, Architecture.X86_64],
      description: `Powertools for AWS Lambda (TypeScript) ${POWERTOOLS_VERSION}, built from node_modules`,
    });
  }
  // A parameter of its own, resolved by CloudFormation from AWS's public SSM parameter of the release;
  // `sam local` and the like can override it by name (PowertoolsLayerArn=arn:aws:lambda:...).
  const arn = new CfnParameter(stack, 'PowertoolsLayerArn', {
    type: 'AWS::SSM::Parameter::Value<String>',
    default: powertoolsLayerParameter(),
    description: `AWS's Powertools for AWS Lambda (TypeScript) layer of release ${POWERTOOLS_VERSION}, for this region`,
  });
  return LayerVersion.fromLayerVersionArn(stack, 'PowertoolsLayer', arn.valueAsString);
}

/** The environment Powertools reads in every function: its service and namespace, no response in traces. */
export const powertoolsEnvironment = (stage: StageConfig): Record<string, string> => ({
  POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  POWERTOOLS_METRICS_NAMESPACE: metricNamespace(stage.name),
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
});

/** A custom metric of the stage (shared/telemetry/names.ts), per service: the totals of every route. */
export const stageMetric = (stage: StageConfig, metricName: string, statistic = 'Sum'): Metric =>
  new Metric({
    namespace: metricNamespace(stage.name),
    metricName,
    dimensionsMap: { service: SERVICE_NAME },
    statistic,
    period: FIVE_MINUTES,
  });

/** An alarm that fires when a metric reaches its threshold within one period (missing data is fine). */
export function alarmOn(
  scope: IConstruct,
  id: string,
  props: { description: string; metric: IMetric; threshold: number; periods?: number },
): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: props.description,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.periods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * A dead-letter queue's alarm: one more message parked is one too many. It fires on each new dead letter
 * (messages sent to the queue, or the visible count going up: a redrive from a source queue is not a
 * send), and goes back to OK in the next quiet period, so that a second failure notifies again.
 */
export const deadLetterAlarm = (scope: IConstruct, id: string, queue: IQueue, description: string): Alarm =>
  alarmOn(scope, id, {
    description,
    metric: new MathExpression({
      expression: 'MAX([sent, DIFF(visible)])',
      usingMetrics: {
        sent: queue.metricNumberOfMessagesSent({ period: FIVE_MINUTES, statistic: 'Sum' }),
        visible: queue.metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          statistic: 'Maximum',
        }),
      },
      label: 'new dead letters',
      period: FIVE_MINUTES,
    }),
    threshold: 1,
  });

/** A work queue's alarm: its oldest message waits longer than the stage allows (a stalled consumer). */
export const queueAgeAlarm = (
  scope: IConstruct,
  id: string,
  { queue, description, stage }: { queue: IQueue; description: string; stage: StageConfig },
): Alarm =>
  alarmOn(scope, id, {
    description,
    metric: queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
    threshold: stage.alarms.queueAgeSeconds,
  });

/** A function's alarms: its errors and its throttles. */
export function addFunctionAlarms(
  stack: Stack,
  id: string,
  { name, fn, stage }: { name: string; fn: IFunction; stage: StageConfig },
) {
  alarmOn(stack, `${id}Errors`, {
    description: `${name} (${stage.name}) failed: errors, timeouts or crashes`,
    metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
    threshold: stage.alarms.functionErrorsPer5Min,
  });
  alarmOn(stack, `${id}Throttles`, {
    description: `${name} (${stage.name}) was throttled`,
    metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
    threshold: stage.alarms.throttlesPer5Min,
  });
}

/** A stream function's alarm: the oldest record it has not handled is older than the stage allows. */
export function addIteratorAgeAlarm(
  stack: Stack,
  id: string,
  { name, fn, stage }: { name: string; fn: IFunction; stage: StageConfig },
) {
  alarmOn(stack, `${id}IteratorAge`, {
    description: `${name} (${stage.name}) is behind the table's stream`,
    metric: fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
    threshold: stage.alarms.iteratorAgeMs,
    periods: 3,
  });
}

/**
 * Throttled reads and writes per 5 minutes, of the table or of one of its indexes (DynamoDB counts an
 * index's throttles under the index only, not the table).
 */
export const tableThrottles = (table: ITableV2, indexName?: string): MathExpression => {
  const dimensionsMap = {
    TableName: table.tableName,
    ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
  };
  const metric = (metricName: string) =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap,
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });
  return new MathExpression({
    // FILL: a side with no throttle has no data point, which must count as 0, not hide the other side.
    expression: 'FILL(reads, 0) + FILL(writes, 0)',
    usingMetrics: { reads: metric('ReadThrottleEvents'), writes: metric('WriteThrottleEvents') },
    label: `throttled reads + writes${indexName ? ` (${indexName})` : ''}`,
    period: FIVE_MINUTES,
  });
};

/** The table's alarms: DynamoDB throttled some requests of the table, or of one of its indexes. */
export function addTableAlarm(stack: Stack, table: ITableV2, stage: StageConfig) {
  alarmOn(stack, 'TableThrottles', {
    description: `The table (${stage.name}) throttled reads or writes`,
    metric: tableThrottles(table),
    threshold: stage.alarms.tableThrottlesPer5Min,
  });
  for (const index of TABLE_SCHEMA.indexes) {
    const id = index.name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
    alarmOn(stack, `TableThrottles${id}`, {
      description: `The table's index ${index.name} (${stage.name}) throttled reads or writes`,
      metric: tableThrottles(table, index.name),
      threshold: stage.alarms.tableThrottlesPer5Min,
    });
  }
}

/** The alarm on bookings refused because the store failed them (not full, closed, past or limited). */
export function addStoreRefusalAlarm(stack: Stack, stage: StageConfig) {
  alarmOn(stack, 'StoreRefusals', {
    description: `Bookings refused for the store's sake (${stage.name}): contention past every retry or a store failure`,
    metric: stageMetric(stage, refusedMetric('store')),
    threshold: stage.alarms.storeRefusalsPer5Min,
  });
}

/** The stage's alarm topic (in the data stack, which every other stack of the stage follows). */
export function addAlarmTopic(stack: Stack, stage: StageConfig): Topic {
  const topic = new Topic(stack, 'AlarmTopic', {
    displayName: `Booking API alarms (${stage.name})`,
    enforceSSL: true,
  });
  if (stage.alarmEmail) topic.addSubscription(new EmailSubscription(stage.alarmEmail));
  // CloudWatch publishes the alarms of this account only (enforceSSL keeps its TLS-only Deny beside it).
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: { 'aws:SourceArn': `arn:aws:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
        StringEquals: { 'aws:SourceAccount': stack.account },
      },
    }),
  );
  NagSuppressions.addResourceSuppressions(topic, [
    {
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and metric values, no data of a client; CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer key costs more than the notices are worth.',
    },
  ]);
  return topic;
}

/**
 * Sends every alarm of a scope to the stage's topic (OK back to normal too), whatever construct made it:
 * an alarm added later cannot forget to notify. Once per alarm: an app synthesized again (the assertions'
 * `Annotations.fromStack` forces it) visits it again.
 */
export interface NotifyEveryAlarmDeps {
  /** The stage's alarm topic. */
  topic: ITopic;
}

export class NotifyEveryAlarm implements IAspect {
  private readonly action: SnsAction;
  private readonly notified = new WeakSet<Alarm>();
  constructor(deps: NotifyEveryAlarmDeps) {
    this.action = new SnsAction(deps.topic);
  }
  visit(node: IConstruct): void {
    if (!(node instanceof Alarm) || this.notified.has(node)) return;
    this.notified.add(node);
    node.addAlarmAction(this.action);
    node.addOkAction(this.action);
  }
}
