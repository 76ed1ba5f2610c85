import { Duration, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  SearchExpression,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { REFUSAL_REASONS } from '../shared/core/business-metrics';
import {
  deliveryMetric,
  METRIC,
  metricNamespace,
  refusedMetric,
  SERVICE_NAME,
} from '../shared/telemetry/names';
import { stageMetric, tableThrottles } from './observability';
import type { StageConfig } from './stage/config';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Every metric of a schema (namespace and dimension names) whose resource names hold all the given words,
 * found by CloudWatch's SEARCH when the dashboard is drawn. The functions and queues of a stage have names
 * that begin with its stack prefix (`Booking-Staging-Api-...`, `Booking-Staging-Events-...`), and SEARCH
 * matches words of a name (a name splits at its hyphens), so `FunctionName=Booking FunctionName=Staging`
 * finds every function of staging: a new function or queue appears without a change here, and no stack
 * refers to another.
 */
const search = ({
  schema,
  metricName,
  filter,
  statistic,
  label,
}: {
  schema: string;
  metricName: string;
  filter: { dimension: string; words: readonly string[] } | null;
  statistic: string;
  label: string;
}) =>
  new SearchExpression({
    expression: `SEARCH('{${schema}} MetricName="${metricName}"${
      filter ? filter.words.map((word) => ` ${filter.dimension}=${word}`).join('') : ''
    }', '${statistic}', 300)`,
    label,
    period: FIVE_MINUTES,
  });

const graph = (title: string, left: IMetric[], width = 8, right: IMetric[] = []) =>
  new GraphWidget({ title, left, right, width, height: 6 });

/**
 * The stage's one dashboard (docs/OPERATIONS.md): the API (requests, 4xx, 5xx, p50/p99), the business
 * (bookings, refusals by reason, cancellations, moves), booking events (deliveries, stream iterator age,
 * queue depth and dead letters), the table (consumed capacity, throttles) and the functions (errors,
 * throttles, concurrent executions).
 */
export function addDashboard(stack: Stack, props: { stage: StageConfig; api: HttpApi; table: ITableV2 }) {
  const { stage, api, table } = props;
  const words = stage.stackPrefix.split('-');
  const sum = { period: FIVE_MINUTES, statistic: 'Sum' };
  const capacity = (name: string) => table.metric(name, { ...sum, label: name });
  const lambda = (name: string, statistic: string) =>
    search({
      schema: 'AWS/Lambda,FunctionName',
      metricName: name,
      filter: { dimension: 'FunctionName', words },
      statistic,
      label: `${name} by function`,
    });
  const dashboard = new Dashboard(stack, 'Dashboard', {
    dashboardName: `booking-api-${stage.name}`,
    defaultInterval: Duration.hours(6),
  });
  dashboard.addWidgets(
    new TextWidget({
      markdown: `# Booking API, ${stage.name}\nMetrics in \`${metricNamespace(stage.name)}\` (service \`${SERVICE_NAME}\`, and per route). What each alarm means: docs/OPERATIONS.md.`,
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    graph('API requests, 4xx, 5xx', [
      api.metricCount({ ...sum, label: 'requests' }),
      api.metricClientError({ ...sum, label: '4xx' }),
      api.metricServerError({ ...sum, label: '5xx' }),
    ]),
    graph('API latency p50 / p99 (ms)', [
      api.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }),
      api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' }),
    ]),
    graph('Function latency p99 by route (ms)', [
      search({
        schema: `${metricNamespace(stage.name)},service,route`,
        metricName: METRIC.latency,
        filter: null,
        statistic: 'p99',
        label: 'p99',
      }),
    ]),
  );
  dashboard.addWidgets(
    graph('Bookings, cancellations, moves', [
      stageMetric(stage, METRIC.bookingsMade),
      stageMetric(stage, METRIC.cancellations),
      stageMetric(stage, METRIC.moves),
    ]),
    graph(
      'Bookings refused, by reason',
      REFUSAL_REASONS.map((reason) => stageMetric(stage, refusedMetric(reason))),
    ),
    // E-mails: written once the e-mail sender calls BusinessMetrics.email (empty until then).
    graph('Deliveries: webhooks and e-mails', [
      stageMetric(stage, deliveryMetric('succeeded')),
      stageMetric(stage, deliveryMetric('failed')),
      stageMetric(stage, deliveryMetric('dead')),
      stageMetric(stage, METRIC.emailsSent),
      stageMetric(stage, METRIC.emailsFailed),
    ]),
  );
  dashboard.addWidgets(
    graph('Table: consumed capacity', [
      capacity('ConsumedReadCapacityUnits'),
      capacity('ConsumedWriteCapacityUnits'),
    ]),
    graph('Table: throttled requests', [tableThrottles(table)]),
    graph('Stream iterator age (ms, max)', [lambda('IteratorAge', 'Maximum')]),
  );
  dashboard.addWidgets(
    graph('Queues: depth (delivery queue, dead letters)', [
      search({
        schema: 'AWS/SQS,QueueName',
        metricName: 'ApproximateNumberOfMessagesVisible',
        filter: { dimension: 'QueueName', words },
        statistic: 'Maximum',
        label: 'visible',
      }),
    ]),
    graph('Functions: errors and throttles', [lambda('Errors', 'Sum'), lambda('Throttles', 'Sum')]),
    graph('Functions: concurrent executions (max)', [lambda('ConcurrentExecutions', 'Maximum')]),
  );
  return dashboard;
}
