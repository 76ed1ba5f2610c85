import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLE_EXTERNALS, esbuildOptions, ROOT } from '../../../infra/bundling';
import { POWERTOOLS_VERSION, powertoolsLayerParameter, STAGES } from '../../../infra/stage/config';
import { stageConfig } from '../../../infra/stage/stage-settings';
import { REFUSAL_REASONS } from '../../../shared/core/business-metrics';
import { deliveryMetric, METRIC, metricNamespace, refusedMetric } from '../../../shared/telemetry/names';
import { templateOf, testStages } from '../../support/cdk-app';
import { expectRunByLintBeforeTests } from '../../support/lint-arrangement';
import { GIVEN_SETTINGS } from './settings';

/**
 * Issue 22, points 2 to 4 on the synthesized stacks of both stages: traces and the Powertools layer on
 * every function, the dashboard, the alarm topic every alarm notifies, the alarms, access logs and log
 * retention; and cfn-lint clean. Synthesized without bundling, like stages/stacks.ts.
 */
const build = (context: Record<string, unknown> = {}) => testStages(context).stages;
const stages = build();

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
const resourcesOf = (template: Template) => template.toJSON().Resources as Resources;
/** The stack's resources of a type, from the template read once (or, `fresh`, from the latest synthesis). */
const ofType = (stack: Stack, type: string, fresh = false) =>
  Object.entries(resourcesOf(fresh ? Template.fromStack(stack) : templateOf(stack))).filter(
    ([, r]) => r.Type === type,
  );
const RETENTION_DAYS = { staging: 14, production: 90 } as const;
/**
 * The app synthesized once more, forced (with cdk-nag's rules, about 1.4 s of CPU): one app holds both
 * stages, so the staging check's synthesis serves the production one's too.
 */
let resynthesized = false;
const resynthesizeOnce = () => {
  if (!resynthesized) testStages().app.synth({ force: true });
  resynthesized = true;
};

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s', (stageName, { data, api, events }) => {
  const stage = STAGES[stageName];
  // The API stack and its nested stacks of route functions.
  const apiStacks: Stack[] = [api, ...api.node.findAll().filter((c) => c instanceof NestedStack)];
  const all = [data, ...apiStacks, events];

  it('traces every function actively, with Powertools from the layer of the pinned release', () => {
    expect(apiStacks.flatMap((stack) => ofType(stack, 'AWS::Lambda::Function')).length).toBeGreaterThan(30);
    for (const stack of [...apiStacks, events]) {
      const functions = ofType(stack, 'AWS::Lambda::Function');
      expect(functions.length).toBeGreaterThan(0);
      const parameters = templateOf(stack).toJSON().Parameters as Record<
        string,
        { Type: string; Default: string }
      >;
      const layerParameter = Object.entries(parameters).find(
        ([, p]) => p.Default === powertoolsLayerParameter(),
      );
      expect(layerParameter?.[0]).toBe('PowertoolsLayerArn');
      expect(layerParameter?.[1].Type).toBe('AWS::SSM::Parameter::Value<String>');
      for (const [, fn] of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Layers).toEqual([{ Ref: layerParameter?.[0] }]);
      }
    }
    expect(powertoolsLayerParameter()).toBe(
      `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`,
    );
  });

  it('lets every function send its traces, and nothing more on `*`', () => {
    for (const stack of [...apiStacks, events]) {
      const policies = ofType(stack, 'AWS::IAM::Policy');
      const xray = policies.flatMap(([, p]) =>
        (
          p.Properties.PolicyDocument as { Statement: Array<{ Action: string[]; Resource: unknown }> }
        ).Statement.filter((s) => s.Resource === '*'),
      );
      expect(xray.length).toBe(ofType(stack, 'AWS::Lambda::Function').length);
      for (const statement of xray) {
        expect([...statement.Action].sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
      }
    }
  });

  it('has one alarm topic, without a subscriber unless one is given, that every alarm notifies', () => {
    templateOf(data).resourceCountIs('AWS::SNS::Topic', 1);
    templateOf(data).resourceCountIs('AWS::SNS::Subscription', 0);
    const [topicId] = ofType(data, 'AWS::SNS::Topic')[0] ?? [];
    let alarms = 0;
    for (const stack of all) {
      for (const [id, alarm] of ofType(stack, 'AWS::CloudWatch::Alarm')) {
        alarms += 1;
        const actions = JSON.stringify([alarm.Properties.AlarmActions, alarm.Properties.OKActions]);
        // In the data stack a Ref to the topic; elsewhere the topic's ARN imported from it.
        const topic =
          stack === data ? `{"Ref":"${topicId}"}` : `${stage.stackPrefix}-Data:ExportsOutputRef${topicId}`;
        expect([id, (alarm.Properties.AlarmActions as unknown[]).length]).toEqual([id, 1]);
        expect([id, actions.split(topic).length - 1]).toEqual([id, 2]);
      }
    }
    expect(alarms).toBeGreaterThan(60);
  });

  it('notifies once per alarm however often the app is synthesized (Annotations.fromStack forces it)', () => {
    resynthesizeOnce();
    for (const stack of all)
      for (const [id, alarm] of ofType(stack, 'AWS::CloudWatch::Alarm', true))
        expect([id, (alarm.Properties.AlarmActions as unknown[]).length]).toEqual([id, 1]);
  });

  it('alarms on every function’s errors and throttles, the stream’s age, table throttles and store refusals', () => {
    for (const stack of [...apiStacks, events]) {
      const functions = ofType(stack, 'AWS::Lambda::Function').map(([id]) => id);
      const alarms = ofType(stack, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
      for (const metric of ['Errors', 'Throttles']) {
        const watched = alarms
          .filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metric)
          .map((a) => JSON.stringify(a.Dimensions));
        for (const fn of functions)
          expect([metric, watched.some((d) => d.includes(`"${fn}"`))]).toEqual([metric, true]);
      }
    }
    const ages = ofType(events, 'AWS::CloudWatch::Alarm').filter(
      ([, a]) => a.Properties.MetricName === 'IteratorAge',
    );
    expect(ages.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'DispatchEventsIteratorAge',
      'OpenDaysIteratorAge',
    ]);
    for (const [, age] of ages)
      expect(age.Properties).toMatchObject({ Threshold: stage.alarms.iteratorAgeMs, Statistic: 'Maximum' });
    const throttles = ofType(data, 'AWS::CloudWatch::Alarm').map(([, a]) =>
      JSON.stringify(a.Properties.Metrics),
    );
    expect(throttles.some((m) => m.includes('ReadThrottleEvents') && m.includes('WriteThrottleEvents'))).toBe(
      true,
    );
    templateOf(api).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: metricNamespace(stageName),
      MetricName: refusedMetric('store'),
      Dimensions: [{ Name: 'service', Value: 'booking-api' }],
      Threshold: stage.alarms.storeRefusalsPer5Min,
    });
    // The alarms that were there before still are.
    for (const name of ['ServerErrors', 'LatencyP99']) {
      expect(ofType(api, 'AWS::CloudWatch::Alarm').some(([id]) => id.startsWith(name))).toBe(true);
    }
    expect(ofType(events, 'AWS::CloudWatch::Alarm').some(([id]) => id.startsWith('DeadLetters'))).toBe(true);
  });

  it('has one dashboard with the API, the business, the events, the table and the functions', () => {
    const dashboards = ofType(api, 'AWS::CloudWatch::Dashboard');
    expect(dashboards.length).toBe(1);
    for (const stack of [data, events]) templateOf(stack).resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    const [, dashboard] = dashboards[0] ?? [];
    expect(dashboard?.Properties.DashboardName).toBe(`booking-api-${stageName}`);
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    const expected = [
      // API: requests, 4xx, 5xx, p50/p99
      '\\"Count\\"',
      '\\"4xx\\"',
      '\\"5xx\\"',
      '\\"stat\\":\\"p50\\"',
      '\\"stat\\":\\"p99\\"',
      // business
      METRIC.bookingsMade,
      METRIC.cancellations,
      METRIC.moves,
      ...REFUSAL_REASONS.map(refusedMetric),
      ...(['succeeded', 'failed', 'dead'] as const).map(deliveryMetric),
      // table, stream, queues, functions
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
      'IteratorAge',
      'ApproximateNumberOfMessagesVisible',
      'ConcurrentExecutions',
      'MetricName=\\\\\\"Errors',
      'MetricName=\\\\\\"Throttles',
    ];
    for (const text of expected) expect([text, body.includes(text)]).toEqual([text, true]);
    expect(body).toContain(metricNamespace(stageName));
    // The stage's functions and queues, found by the words of their names.
    const [app, stageWord] = stage.stackPrefix.split('-');
    expect(body).toContain(`FunctionName=${app} FunctionName=${stageWord}'`);
    expect(body).toContain(`QueueName=${app} QueueName=${stageWord}'`);
  });

  it('keeps JSON access logs with the request id, and every log group for the stage’s retention', () => {
    const stageProps = ofType(api, 'AWS::ApiGatewayV2::Stage')[0]?.[1].Properties as {
      AccessLogSettings: { Format: string };
    };
    const format = JSON.parse(stageProps.AccessLogSettings.Format) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    for (const stack of [...apiStacks, events]) {
      const groups = ofType(stack, 'AWS::Logs::LogGroup');
      expect(groups.length).toBe(ofType(stack, 'AWS::Lambda::Function').length + (stack === api ? 1 : 0));
      for (const [, group] of groups)
        expect(group.Properties.RetentionInDays).toBe(RETENTION_DAYS[stageName]);
    }
    for (const [, fn] of ofType(api, 'AWS::Lambda::Function')) {
      expect(fn.Properties.LoggingConfig).toMatchObject({ LogGroup: { Ref: expect.any(String) } });
    }
  });
});

describe('alarm e-mail', () => {
  it('subscribes the address given for a stage to that stage’s topic only', () => {
    const withEmail = build(GIVEN_SETTINGS);
    templateOf(withEmail.staging.data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: GIVEN_SETTINGS['staging.alarmEmail'],
    });
    templateOf(withEmail.production.data).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('refuses what is not an e-mail address', () => {
    const context = (key: string) => (key === 'production.alarmEmail' ? 'not an address' : undefined);
    expect(() => stageConfig('production', context)).toThrow(/production\.alarmEmail/);
  });
});

describe('Powertools from the layer', () => {
  it('pins the release package.json installs, for Logger, Metrics and Tracer alike', () => {
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies as Record<
      string,
      string
    >;
    for (const name of ['logger', 'metrics', 'tracer']) {
      expect(pinned[`@aws-lambda-powertools/${name}`]).toBe(POWERTOOLS_VERSION);
      const main = require.resolve(`@aws-lambda-powertools/${name}`);
      const installed = JSON.parse(
        readFileSync(join(dirname(main.slice(0, main.indexOf('/lib/'))), name, 'package.json'), 'utf8'),
      ).version;
      expect(installed).toBe(POWERTOOLS_VERSION);
    }
  });

  it('keeps Powertools and the X-Ray SDK out of every bundle, as the stack does', () => {
    expect(esbuildOptions().external).toEqual(BUNDLE_EXTERNALS);
    expect(BUNDLE_EXTERNALS).toEqual([
      '@aws-sdk/*',
      '@smithy/node-http-handler',
      '@aws-lambda-powertools/*',
      'aws-xray-sdk-core',
    ]);
  });
});

describe('cfn-lint', () => {
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--require', 'tsx/cjs', 'scripts/lint-infra.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });

  // cfn-lint over every template of both stages takes over a minute of one core: it runs once per CI run
  // in `npm run lint` (lint:infra), not again in `npm test`. This holds that arrangement in place.
  it('runs on every template of both stages in `npm run lint`, which CI runs before the tests', () => {
    const ci = expectRunByLintBeforeTests('lint:infra', 'node --require tsx/cjs scripts/lint-infra.ts');
    expect(ci).toContain('set -euo pipefail');
    const script = readFileSync(join(ROOT, 'scripts/lint-infra.ts'), 'utf8');
    expect(script).toContain('EXAMPLE_SETTINGS');
    expect(script).toMatch(/spawnSync\('cfn-lint'/);
  });

  it('says in one line that cfn-lint is missing, and fails, where it is', () => {
    const result = run({ ...process.env, PATH: dirname(process.execPath) });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^lint:infra: cfn-lint is not installed/);
  });

  it('names the reason of every warning it ignores', () => {
    const lines = readFileSync(join(ROOT, '.cfnlintrc'), 'utf8').split('\n');
    const ignored = lines.filter((line) => /^\s+- [EWI]\d{4}/.test(line));
    expect(ignored.length).toBeGreaterThan(0);
    for (const line of ignored) {
      const before = lines[lines.indexOf(line) - 1] ?? '';
      expect([line, before.trim().startsWith('#')]).toEqual([line, true]);
    }
  });
});
