/**
 * The figures docs/DEPLOY.md quotes, read from the synthesized templates (`npm run deploy-figures` prints
 * them; test/infra/stages/first-deploy.ts checks the docs against them): per stage, its alarms and what they
 * cost a month, the functions with reserved concurrency, and the resources of each template.
 */

type Resource = { Type: string; Properties?: Record<string, unknown> };
export type Templates = Record<string, { Resources: Record<string, Resource> }>;

/** CloudWatch's price of a standard-resolution alarm, per metric it evaluates, a month (us-east-1, USD). */
export const ALARM_METRIC_MONTHLY_USD = 0.1;

/** The metrics an alarm evaluates: one, or each metric (not expression) of its math. */
const metricsOf = (alarm: Resource): number => {
  const metrics = alarm.Properties?.Metrics as Array<{ MetricStat?: unknown }> | undefined;
  return metrics ? metrics.filter((metric) => metric.MetricStat !== undefined).length : 1;
};

const stageOf = (file: string): string => (/Production/.test(file) ? 'production' : 'staging');

/** A template's name as docs name it: the stack, or its nested stack (`Booking-Staging-Api/V1Functions`). */
const nameOf = (file: string): string => {
  const base = file.replace(/\.template\.json$/, '').replace(/\.nested$/, '');
  const nested = /^Booking(Staging|Production)Api(\w+?)[0-9A-F]{8}$/.exec(base);
  return nested ? `Booking-${nested[1]}-Api/${nested[2]}` : base;
};

export function deployFigures(templates: Templates): string {
  const lines: string[] = [];
  for (const stage of ['staging', 'production']) {
    const files = Object.keys(templates)
      .filter((file) => stageOf(file) === stage)
      .sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
    if (files.length === 0) continue;
    const resources = files.flatMap((file) => Object.values(templates[file]?.Resources ?? {}));
    const alarms = resources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
    const alarmMetrics = alarms.reduce((sum, alarm) => sum + metricsOf(alarm), 0);
    const reserved = resources.filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties?.ReservedConcurrentExecutions !== undefined,
    );
    const reservedTotal = reserved.reduce(
      (sum, r) => sum + Number(r.Properties?.ReservedConcurrentExecutions),
      0,
    );
    lines.push(
      `**${stage}**: ${alarms.length} alarms evaluating ${alarmMetrics} metrics, about $${(alarmMetrics * ALARM_METRIC_MONTHLY_USD).toFixed(2)} a month; ` +
        `${reserved.length} functions with reserved concurrency (${reservedTotal} executions in all).`,
      '',
      '| Template | Resources |',
      '| -------- | --------: |',
      ...files.map(
        (file) => `| \`${nameOf(file)}\` | ${Object.keys(templates[file]?.Resources ?? {}).length} |`,
      ),
      '',
    );
  }
  return lines.join('\n').trimEnd();
}
