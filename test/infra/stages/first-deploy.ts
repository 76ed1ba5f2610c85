import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { buildApp } from '../../../infra/app';
import { deployFigures } from '../../../infra/deploy-figures';
import { FLAG_CHOICES, featureFlags } from '../../../infra/feature-flags';
import { ApiStack } from '../../../infra/stacks/api-stack';
import { EdgeStack } from '../../../infra/stacks/edge-stack';
import { stageConfig } from '../../../infra/stage/stage-settings';
import { DISPATCH } from '../../../shared/features/webhooks';
import { templateOf, testApp, testStages } from '../../support/cdk-app';
import { EVERY_SETTING } from './settings';

/**
 * Issue 61 on synthesized templates: a first deploy on a new account and the redeploys after it. Production
 * only when it can work, nothing kept that blocks a redeploy, the origin secret's rotation, the DNS target
 * of CloudFront, WAF's count mode, CDK's recommended flags. Reserved concurrency: deploy-settings.ts.
 */
type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Template = { Resources: Record<string, Resource>; Outputs?: Record<string, { Value: unknown }> };

/** Every template of a build, nested ones included, by file name (the assembly already made, if any). */
const templatesOf = (build: ReturnType<typeof testStages>): Record<string, Template> => {
  const { directory } = build.app.synth();
  return Object.fromEntries(
    readdirSync(directory)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => [file, JSON.parse(readFileSync(join(directory, file), 'utf8')) as Template]),
  );
};

const fewest = testStages();
const full = testStages(EVERY_SETTING, { nag: true });
/** Staging behind CloudFront too: every kind of resource a stage can have, in the stage that keeps nothing. */
const stagingEdge = testStages({
  'staging.edge': 'cloudfront',
  'staging.account': '123456789012',
  'staging.region': 'eu-west-1',
  'staging.mailDomain': 'staging.booking.test',
});

describe('a new account: production only when it can work', () => {
  it('leaves production out with no setting, and says in one line what to set; staging needs nothing', () => {
    const built = buildApp(testApp(), { nag: false });
    expect(built.stages.production).toBeUndefined();
    expect(built.stages.staging.api).toBeDefined();
    expect(built.leftOut).toEqual([
      'production is left out of this synthesis: set production.mailDomain (or production.mail=off) and production.alarmEmail (or production.alarms=off) in cdk.json or with -c (docs/DEPLOY.md)',
    ]);
    expect(built.app.node.children.map((child) => child.node.id).sort()).toEqual([
      'Booking-Staging-Api',
      'Booking-Staging-Data',
      'Booking-Staging-Events',
    ]);
  });

  it('builds production with a mail domain and an alarm address, or with each turned off on purpose', () => {
    const only = (context: Record<string, string>) => buildApp(testApp(context), { nag: false }).leftOut;
    expect(only({ 'production.mailDomain': 'booking.test' })).toEqual([
      expect.stringContaining('set production.alarmEmail (or production.alarms=off) in cdk.json'),
    ]);
    expect(only({ 'production.alarmEmail': 'ops@booking.test', 'production.mail': 'off' })).toEqual([]);
    expect(fewest.stages.production.api).toBeDefined();
    expect(full.leftOut).toEqual([]);
    expect(() => stageConfig('production', (key) => ({ 'production.mail': 'no' })[key])).toThrow(
      /"on" or "off"/,
    );
  });

  it('alarms on e-mails dropped unsent unless they are off on purpose; MAIL FROM and DKIM are outputs', () => {
    const dropped = (stack: Stack) =>
      Object.values(templateOf(stack).toJSON().Resources as Record<string, Resource>).filter(
        (r) =>
          r.Type === 'AWS::CloudWatch::Alarm' &&
          JSON.stringify(r.Properties).includes('"MetricName":"EmailsOff"'),
      );
    // Staging with no mail domain: every confirmation is dropped, and that alarms.
    expect(dropped(fewest.stages.staging.events)).toHaveLength(1);
    // production.mail=off: dropped on purpose, no alarm.
    expect(dropped(fewest.stages.production.events)).toHaveLength(0);
    expect(dropped(full.stages.production.events)).toHaveLength(1);
    const events = templateOf(full.stages.production.events).toJSON() as Template;
    const identity = Object.values(events.Resources).find((r) => r.Type === 'AWS::SES::EmailIdentity');
    expect(identity?.Properties?.MailFromAttributes).toEqual({ MailFromDomain: 'mail.booking.test' });
    expect(Object.keys(events.Outputs ?? {})).toEqual(
      expect.arrayContaining([
        'MailDkimRecord1',
        'MailDkimRecord2',
        'MailDkimRecord3',
        'MailFromMxRecord',
        'MailFromSpfRecord',
      ]),
    );
    expect(JSON.stringify(events.Outputs?.MailFromMxRecord?.Value)).toContain(
      'mail.booking.test MX 10 feedback-smtp.',
    );
  });
});

describe('redeploys after a destroy or a rolled-back create', () => {
  /** A resource's physical name, when the template fixes one. */
  const NAME_PROPERTIES = [
    'Name',
    'TableName',
    'LogGroupName',
    'FunctionName',
    'QueueName',
    'TopicName',
    'RoleName',
    'BucketName',
    'ConfigurationSetName',
    'EmailIdentity',
  ];
  const kept = (resource: Resource) =>
    resource.DeletionPolicy?.startsWith('Retain') || resource.UpdateReplacePolicy?.startsWith('Retain');
  const builds = { fewest, full, stagingEdge };

  it('keeps nothing with a fixed name: a kept resource never blocks the next create', () => {
    for (const [build, made] of Object.entries(builds)) {
      for (const [file, template] of Object.entries(templatesOf(made))) {
        for (const [id, resource] of Object.entries(template.Resources)) {
          if (!kept(resource)) continue;
          const named = NAME_PROPERTIES.filter((name) => resource.Properties?.[name] !== undefined);
          expect([build, file, id, named]).toEqual([build, file, id, []]);
        }
      }
    }
  });

  it('staging keeps nothing after cdk destroy; production keeps its table and its logs only', () => {
    for (const [build, made] of Object.entries(builds)) {
      for (const [file, template] of Object.entries(templatesOf(made))) {
        const types = [
          ...new Set(
            Object.values(template.Resources)
              .filter(kept)
              .map((r) => r.Type),
          ),
        ].sort();
        if (file.includes('Staging')) expect([build, file, types]).toEqual([build, file, []]);
        else
          expect(['AWS::DynamoDB::GlobalTable', 'AWS::Logs::LogGroup']).toEqual(
            expect.arrayContaining(types),
          );
      }
    }
  });
});

/** An API stack behind CloudFront, alone (a table of its own stack), with the given production settings. */
const edgeApi = (context: Record<string, string>) => {
  const app = testApp();
  const tables = new Stack(app, 'Tables', { env: { account: '123456789012', region: 'eu-west-3' } });
  const stage = stageConfig('production', (key) => ({ 'production.edge': 'cloudfront', ...context })[key]);
  const api = new ApiStack(app, 'Api', {
    env: { account: '123456789012', region: 'eu-west-3' },
    stage,
    table: new TableV2(tables, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/booking/abcd',
    routes: [],
  });
  const template = templateOf(api).toJSON() as Template;
  const distribution = Object.values(template.Resources).find(
    (r) => r.Type === 'AWS::CloudFront::Distribution',
  );
  return { api, template, distribution: JSON.stringify(distribution?.Properties) };
};

describe('the origin secret', () => {
  it('is in no function environment: each gets its ARN and may read it, nothing more', () => {
    const { template } = edgeApi({});
    const functions = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(JSON.stringify(fn.Properties)).not.toContain('resolve:secretsmanager');
      const variables =
        (fn.Properties?.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
      expect(variables.ORIGIN_SECRET).toBeUndefined();
      expect(variables.ORIGIN_SECRET_ARN).toEqual({ Ref: expect.stringMatching(/^OriginSecret/) });
    }
    const reads = Object.values(template.Resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(r.Properties).includes('secretsmanager:GetSecretValue'),
    );
    expect(reads).toHaveLength(functions.length);
  });

  it('rotates without a code change: a new version id changes what CloudFront sends', () => {
    const first = edgeApi({}).distribution;
    const rotated = edgeApi({
      'production.originSecretVersion': '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
    }).distribution;
    // The header's value: a dynamic reference to the secret, of the version named when one is.
    expect(first).toContain(
      '"HeaderName":"x-origin-verify","HeaderValue":{"Fn::Join":["",["{{resolve:secretsmanager:",',
    );
    expect(first).toContain('":SecretString:::}}"');
    expect(rotated).toContain('":SecretString:::0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0}}"');
    expect(rotated).not.toEqual(first);
    expect(() => edgeApi({ 'production.originSecretVersion': 'not a version' })).toThrow(/secret version id/);
  });

  it('is removed with its stack (its name is generated)', () => {
    const secret = Object.values(edgeApi({}).template.Resources).find(
      (r) => r.Type === 'AWS::SecretsManager::Secret',
    );
    expect(secret?.DeletionPolicy).toBe('Delete');
    expect(secret?.Properties?.Name).toBeUndefined();
  });
});

describe('CloudFront', () => {
  it('outputs the DNS target of the custom domain: the distribution’s name and CloudFront’s hosted zone', () => {
    const outputs = (templateOf(full.stages.production.api).toJSON() as Template).Outputs ?? {};
    expect(outputs.EdgeDomainTarget?.Value).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^Distribution/), 'DomainName'],
    });
    expect(outputs.EdgeHostedZoneId?.Value).toBe('Z2FDTNDATAQYW2');
  });

  it('can start AWS’s managed rules in count mode (<stage>.wafCount=true); the rate rule blocks either way', () => {
    const rulesOf = (context: Record<string, string>) => {
      const stage = stageConfig('production', (key) => context[key]);
      const edge = new EdgeStack(testApp(), 'Edge', {
        env: { account: '123456789012', region: 'us-east-1' },
        stage,
      });
      const acl = Object.values((templateOf(edge).toJSON() as Template).Resources)[0];
      return acl?.Properties?.Rules as Array<{ Name: string; Action?: unknown; OverrideAction?: unknown }>;
    };
    const counting = rulesOf({ 'production.wafCount': 'true' });
    expect(counting.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')?.OverrideAction).toEqual({
      Count: {},
    });
    expect(counting.find((rule) => rule.Name === 'RatePerAddress')?.Action).toEqual({ Block: {} });
    expect(rulesOf({}).find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')?.OverrideAction).toEqual({
      None: {},
    });
  });
});

describe('cdk.json', () => {
  it('sets every feature flag CDK recommends, to its recommended value but for the choices named', () => {
    const flags = featureFlags();
    for (const [flag, recommended] of Object.entries(CURRENTLY_RECOMMENDED_FLAGS)) {
      const choice = FLAG_CHOICES[flag];
      expect([flag, flags[flag]]).toEqual([flag, choice ? choice.value : recommended]);
    }
    for (const choice of Object.values(FLAG_CHOICES)) expect(choice.reason.length).toBeGreaterThan(20);
  });
});

describe('the stream dispatcher', () => {
  it('has the batch size and timeout the burst test sized (DISPATCH), and reports batch item failures', () => {
    const events = templateOf(fewest.stages.production.events).toJSON() as Template;
    const mapping = Object.values(events.Resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' && r.Properties?.StartingPosition === 'TRIM_HORIZON',
    );
    expect(mapping?.Properties).toEqual(
      expect.objectContaining({
        BatchSize: DISPATCH.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    );
    const dispatcher = Object.values(events.Resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::Function' &&
        JSON.stringify(r.Properties).includes(`"FUNCTION_TIMEOUT_SECONDS":"${DISPATCH.timeoutSeconds}"`),
    );
    expect(dispatcher?.Properties?.Timeout).toBe(DISPATCH.timeoutSeconds);
  });
});

describe('docs/DEPLOY.md', () => {
  it('quotes the figures of the synthesized templates (npm run deploy-figures): alarms, cost, reservations, resources', () => {
    const markdown = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'DEPLOY.md'), 'utf8');
    const quoted =
      /<!-- deploy-figures: npm run deploy-figures -->\n([\s\S]*?)\n<!-- \/deploy-figures -->/.exec(
        markdown,
      )?.[1];
    const figures = deployFigures(templatesOf(fewest));
    expect(figures).toMatch(/\*\*staging\*\*: \d+ alarms evaluating \d+ metrics, about \$\d+\.\d\d a month/);
    expect(
      quoted === figures
        ? 'ok'
        : `DEPLOY.md's figures are stale: run npm run deploy-figures and paste\n${figures}`,
    ).toBe('ok');
  });
});
