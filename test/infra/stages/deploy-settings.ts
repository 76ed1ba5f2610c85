import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Aspects, NestedStack, type Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mailPace } from '../../../infra/mail';
import { ApiStack } from '../../../infra/stacks/api-stack';
import { EDGE_REQUESTS_PER_5_MIN_PER_IP } from '../../../infra/stacks/edge-stack';
import {
  BOOKING_ENTRIES,
  FUNCTIONS_PER_STACK,
  functionStacksOf,
} from '../../../infra/stacks/route-functions';
import { POWERTOOLS_VERSION, STAGES } from '../../../infra/stage/config';
import { EXAMPLE_SETTINGS } from '../../../infra/stage/example-settings';
import { stageConfig } from '../../../infra/stage/stage-settings';
import { TABLE_SCHEMA } from '../../../shared/db/table';
import { FEED_ROUTE, ROUTES, type RouteDef } from '../../../shared/routes';
import { templateOf, testApp, testStages } from '../../support/cdk-app';
import { EVERY_SETTING } from './settings';

/**
 * Issue 28 on synthesized templates: what `cdk synth` gives with no setting (cdk.json's empty values) and
 * with every setting given, CloudFormation's resource limit with room for more routes, and the local
 * Powertools layer. Two full syntheses (without bundling: stages/stacks.ts), shared by every test here.
 */
const SETTINGS = EVERY_SETTING;

const synth = (context: Record<string, unknown>) => {
  const { app, stages } = testStages(context, { nag: true });
  const assembly = app.synth();
  // Every template the assembly holds, nested ones included, by file name.
  const templates = Object.fromEntries(
    readdirSync(assembly.directory)
      .filter((file) => file.endsWith('.template.json'))
      .map((file) => [file, JSON.parse(readFileSync(join(assembly.directory, file), 'utf8'))]),
  ) as Record<string, { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> }>;
  return { app, stages, templates, directory: assembly.directory, assembly };
};
const bare = synth({});
const full = synth(SETTINGS);

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (stack: Stack) => templateOf(stack).toJSON().Resources as Record<string, Resource>;
const ofType = (stack: Stack, type: string) =>
  Object.values(resourcesOf(stack)).filter((r) => r.Type === type);
const nestedOf = (stack: Stack) =>
  stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
const variablesOf = (fn: Resource) =>
  (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

describe('no setting given (cdk.json as shipped)', () => {
  it('puts no placeholder domain in any template', () => {
    expect(Object.keys(bare.templates).length).toBeGreaterThanOrEqual(6);
    for (const [file, template] of Object.entries(bare.templates)) {
      expect([file, JSON.stringify(template).match(/example\.(com|org|net)/g)]).toEqual([file, null]);
    }
  });

  it('deploys with e-mails off: no identity, no SES right, an empty sender', () => {
    for (const { events } of Object.values(bare.stages)) {
      templateOf(events).resourceCountIs('AWS::SES::EmailIdentity', 0);
      const mail =
        resourcesOf(events)[events.getLogicalId(events.mail.mailFunction.node.defaultChild as never)];
      expect(variablesOf(mail as Resource).MAIL_FROM).toBe('');
      expect(JSON.stringify(ofType(events, 'AWS::IAM::Policy'))).not.toContain('ses:SendEmail');
    }
  });

  it('says one warning line per missing setting, on the stage’s data stack', () => {
    // The messages of the synthesis already made (Annotations.fromStack would synthesize again).
    const warningsOf = (synthesized: typeof bare, stack: Stack) =>
      synthesized.assembly
        .getStackArtifact(stack.artifactId)
        .messages.filter((m) => m.level === 'warning' && String(m.entry.data).includes('is not set'))
        .map((m) => String(m.entry.data).replace(/ \[ack: .*\]$/, ''));
    const warnings = (stack: Stack) => warningsOf(bare, stack);
    expect(warnings(bare.stages.staging.data)).toEqual([
      'staging.mailDomain is not set: staging deploys with e-mails off (nothing is sent)',
      "staging.alarmEmail is not set: staging's alarms notify nobody (only its topic)",
    ]);
    expect(warnings(bare.stages.production.data)).toHaveLength(3);
    expect(warningsOf(full, full.stages.production.data)).toEqual([]);
  });

  it('subscribes nobody, and has neither a custom domain nor an edge stack', () => {
    for (const { data, api, edge } of Object.values(bare.stages)) {
      templateOf(data).resourceCountIs('AWS::SNS::Subscription', 0);
      templateOf(api).resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
      templateOf(api).resourceCountIs('AWS::CloudFront::Distribution', 0);
      expect(edge).toBeUndefined();
    }
  });
});

describe('every setting given', () => {
  const { staging, production } = full.stages;

  it('declares the mail domain with DKIM and sends from it, in the sandbox to the recipients named', () => {
    const stagingEvents = templateOf(staging.events);
    stagingEvents.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'staging.booking.test',
      DkimSigningAttributes: Match.absent(),
      ConfigurationSetAttributes: Match.objectLike({ ConfigurationSetName: Match.anyValue() }),
    });
    const fnOf = (stack: Stack) =>
      resourcesOf(stack)[
        stack.getLogicalId(full.stages.staging.events.mail.mailFunction.node.defaultChild as never)
      ];
    expect(variablesOf(fnOf(staging.events) as Resource).MAIL_FROM).toBe('no-reply@staging.booking.test');
    const productionMail = resourcesOf(production.events)[
      production.events.getLogicalId(production.events.mail.mailFunction.node.defaultChild as never)
    ] as Resource;
    expect(variablesOf(productionMail).MAIL_FROM).toBe('Booking <hello@booking.test>');
    const ses = JSON.stringify(ofType(staging.events, 'AWS::IAM::Policy'));
    for (const identity of ['staging.booking.test', 'tester@inbox.test', 'second@inbox.test']) {
      expect(ses).toContain(`:identity/${identity}`);
    }
    expect(JSON.stringify(ofType(production.events, 'AWS::IAM::Policy'))).not.toContain('inbox.test');
  });

  it('paces the mail consumer to the SES rate: 1 a second in staging', () => {
    expect(mailPace(1)).toEqual({ concurrency: 2, intervalMs: 2000, batchSize: 7 });
    expect(mailPace(14)).toEqual({ concurrency: 10, intervalMs: 715, batchSize: 10 });
    const queueId = staging.events.getLogicalId(staging.events.mail.mailQueue.node.defaultChild as never);
    templateOf(staging.events).hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      ScalingConfig: { MaximumConcurrency: 2 },
      BatchSize: 7,
    });
    const mail = resourcesOf(staging.events)[
      staging.events.getLogicalId(staging.events.mail.mailFunction.node.defaultChild as never)
    ] as Resource;
    expect(variablesOf(mail).MAIL_SEND_INTERVAL_MS).toBe('2000');
  });

  it('subscribes the alarm address and sets the CORS origins', () => {
    templateOf(production.data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@booking.test',
    });
    templateOf(production.api).hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({ AllowOrigins: ['https://app.booking.test'] }),
    });
  });

  it('serves a custom domain and switches the execute-api endpoint off (no edge)', () => {
    const api = templateOf(staging.api);
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.staging.booking.test',
      DomainNameConfigurations: [
        Match.objectLike({ CertificateArn: EXAMPLE_SETTINGS['staging.certificateArn'] }),
      ],
    });
    api.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
  });

  it('puts production behind CloudFront with a web ACL in us-east-1, its origin checking a secret header', () => {
    const edge = production.edge as NonNullable<typeof production.edge>;
    expect(edge.region).toBe('us-east-1');
    expect(edge.account).toBe('123456789012');
    templateOf(edge).hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: { Limit: EDGE_REQUESTS_PER_5_MIN_PER_IP, AggregateKeyType: 'IP' },
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' },
          },
        }),
      ],
    });
    const api = templateOf(production.api);
    const [distribution] = ofType(production.api, 'AWS::CloudFront::Distribution');
    const config = JSON.stringify(distribution?.Properties);
    expect(config).toContain('"HeaderName":"x-origin-verify"');
    expect(config).toContain('{{resolve:secretsmanager:');
    expect(config).toContain('"Aliases":["api.booking.test"]');
    expect(config).toContain('WebACLId');
    api.resourceCountIs('AWS::SecretsManager::Secret', 1);
    // CloudFront calls the execute-api endpoint: it stays on; the domain is the distribution's.
    api.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    // The functions get the secret's ARN, never its value (first-deploy.ts checks the reads and rotation).
    for (const nested of nestedOf(production.api)) {
      for (const fn of ofType(nested, 'AWS::Lambda::Function')) {
        expect(variablesOf(fn).ORIGIN_SECRET).toBeUndefined();
        expect(variablesOf(fn).ORIGIN_SECRET_ARN).toEqual(
          expect.objectContaining({ Ref: expect.any(String) }),
        );
      }
    }
    for (const nested of nestedOf(staging.api)) {
      for (const fn of ofType(nested, 'AWS::Lambda::Function'))
        expect(variablesOf(fn).ORIGIN_SECRET_ARN).toBeUndefined();
    }
  });

  it('deploys each stage to its own account and region when given', () => {
    expect(production.api.region).toBe('eu-west-3');
    expect(production.data.account).toBe('123456789012');
    expect(stageConfig('staging', (key) => ({ 'staging.region': 'eu-central-1' })[key]).region).toBe(
      'eu-central-1',
    );
  });

  it('reserves concurrency for the booking functions only, and only where <stage>.reservedConcurrency asks', () => {
    const reserved = (stack: Stack) =>
      [stack, ...nestedOf(stack)].flatMap((nested) =>
        ofType(nested, 'AWS::Lambda::Function')
          .filter((fn) => fn.Properties.ReservedConcurrentExecutions !== undefined)
          .map((fn) => fn.Properties.ReservedConcurrentExecutions),
      );
    expect(reserved(production.api)).toEqual(BOOKING_ENTRIES.map(() => 10));
    expect(reserved(staging.api)).toEqual([]);
    // Nothing set (a new account, whose limit may be 10): no function of any stage reserves any.
    for (const { api, events } of Object.values(bare.stages)) {
      expect([...reserved(api), ...reserved(events)]).toEqual([]);
    }
  });

  it('runs every function on the architecture asked, with the layer built from node_modules', () => {
    for (const { api, events } of [staging, production]) {
      for (const stack of [api, ...nestedOf(api), events]) {
        // The stage's functions (CDK's cross-region reference reader, with CloudFront, is not one).
        const functions = ofType(stack, 'AWS::Lambda::Function').filter(
          (fn) =>
            (fn.Properties.Environment as { Variables?: { STAGE?: string } } | undefined)?.Variables?.STAGE,
        );
        if (functions.length === 0) continue;
        const layers = Object.entries(resourcesOf(stack)).filter(
          ([, r]) => r.Type === 'AWS::Lambda::LayerVersion',
        );
        expect(layers).toHaveLength(1);
        for (const fn of functions) {
          // x86_64 is Lambda's default: CDK leaves the property out.
          expect(fn.Properties.Architectures ?? ['x86_64']).toEqual(['x86_64']);
          expect(fn.Properties.Layers).toEqual([{ Ref: layers[0]?.[0] }]);
        }
        expect(templateOf(stack).toJSON().Parameters?.PowertoolsLayerArn).toBeUndefined();
      }
    }
    // The folders the assembly's file assets come from (the test apps do not stage assets: cdk-app.ts).
    const assetFolders = readdirSync(full.directory)
      .filter((file) => file.endsWith('.assets.json'))
      .flatMap((file) => {
        const manifest = JSON.parse(readFileSync(join(full.directory, file), 'utf8')) as {
          files?: Record<string, { source: { path: string } }>;
        };
        return Object.values(manifest.files ?? {}).map((asset) => resolve(full.directory, asset.source.path));
      });
    const layerAssets = [...new Set(assetFolders)].filter((folder) => {
      try {
        return readdirSync(join(folder, 'nodejs', 'node_modules')).length > 0;
      } catch {
        return false;
      }
    });
    expect(layerAssets).toHaveLength(1);
    const modules = join(layerAssets[0] as string, 'nodejs', 'node_modules');
    for (const name of ['logger', 'metrics', 'tracer', 'commons']) {
      const pkg = JSON.parse(
        readFileSync(join(modules, '@aws-lambda-powertools', name, 'package.json'), 'utf8'),
      );
      expect([name, pkg.version]).toEqual([name, POWERTOOLS_VERSION]);
    }
    expect(readdirSync(join(modules, 'aws-xray-sdk-core'))).toContain('package.json');
  });
});

describe.each([
  ['without settings', bare],
  ['with every setting', full],
])('alarms and limits %s', (_label, { app, stages, templates, assembly }) => {
  it('is cdk-nag (AwsSolutions) clean in every stack, nested ones included', () => {
    // The checks did run on this synthesis (testStages builds without them unless asked).
    expect(Aspects.of(app).all.some((aspect) => aspect instanceof AwsSolutionsChecks)).toBe(true);
    const findings = assembly.stacksRecursively.flatMap((stack) =>
      stack.messages
        .filter((m) => m.level !== 'info' && String(m.entry.data).includes('AwsSolutions-'))
        .map((m) => `${m.id}: ${String(m.entry.data).split('\n')[0]}`),
    );
    expect(findings).toEqual([]);
  });

  it('keeps every template, nested ones included, within 300 resources', () => {
    for (const [file, template] of Object.entries(templates)) {
      expect([file, Object.keys(template.Resources).length <= 300]).toEqual([file, true]);
    }
  });

  it('lets CloudWatch, and only this account’s alarms, publish to the topic; TLS only', () => {
    for (const { data } of Object.values(stages)) {
      const policies = ofType(data, 'AWS::SNS::TopicPolicy');
      expect(policies).toHaveLength(1);
      const document = policies[0]?.Properties.PolicyDocument as {
        Statement: Array<Record<string, unknown>>;
      };
      const statements = document.Statement;
      expect(statements).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          expect.objectContaining({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: {
              ArnLike: { 'aws:SourceArn': expect.anything() },
              StringEquals: { 'aws:SourceAccount': expect.anything() },
            },
          }),
        ]),
      );
      expect(JSON.stringify(statements)).toContain(':alarm:*');
    }
  });

  it('alarms on each new dead letter, on old work-queue messages, reminders, indexes and SES reputation', () => {
    for (const { data, events } of Object.values(stages)) {
      const alarms = resourcesOf(events);
      const alarm = (prefix: string) =>
        Object.entries(alarms).find(
          ([id, r]) => r.Type === 'AWS::CloudWatch::Alarm' && id.startsWith(prefix),
        )?.[1];
      for (const dlq of ['DeadLetters', 'MailDeadLetters', 'ReminderDeadLetters']) {
        const metrics = JSON.stringify(alarm(dlq)?.Properties.Metrics);
        expect([dlq, metrics]).toEqual([dlq, expect.stringContaining('MAX([sent, DIFF(visible)])')]);
        expect(metrics).toContain('NumberOfMessagesSent');
      }
      for (const queue of ['DeliveryQueueAge', 'MailQueueAge']) {
        expect(alarm(queue)?.Properties.MetricName).toBe('ApproximateAgeOfOldestMessage');
      }
      expect(alarm('SesBounceRate')?.Properties.MetricName).toBe('Reputation.BounceRate');
      expect(alarm('SesComplaintRate')?.Properties.MetricName).toBe('Reputation.ComplaintRate');
      // Each reminder schedule parks what it could not send: the dispatcher knows the queue.
      expect(JSON.stringify(ofType(events, 'AWS::Lambda::Function'))).toContain('REMINDER_DEAD_LETTER_ARN');
      const indexAlarms = JSON.stringify(ofType(data, 'AWS::CloudWatch::Alarm'));
      for (const index of TABLE_SCHEMA.indexes) expect(indexAlarms).toContain(`"Value":"${index.name}"`);
    }
  });
});

it('holds 25 more routes in one API without any template passing 400 resources (of the 500 allowed)', () => {
  const extra: RouteDef[] = Array.from({ length: 25 }, (_, i) => ({
    method: 'GET',
    path: `/api/v2/more-${i}`,
    entry: 'functions/v2/keys/list-keys.ts',
    auth: 'v2',
    access: 'read',
  }));
  const routes = [...ROUTES, FEED_ROUTE, ...extra];
  expect(functionStacksOf(routes).every((part) => part.routes.length <= FUNCTIONS_PER_STACK)).toBe(true);
  const app = testApp();
  const tableStack = new (require('aws-cdk-lib').Stack)(app, 'Tables') as Stack;
  const api = new ApiStack(app, 'Grown', {
    stage: STAGES.staging,
    table: new TableV2(tableStack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
    routes,
  });
  for (const stack of [api, ...nestedOf(api)]) {
    const count = Object.keys(resourcesOf(stack)).length;
    expect([stack.node.path, count <= 400]).toEqual([stack.node.path, true]);
  }
  expect(api.routeFunctions.size).toBe(routes.length);
});

describe('settings refused at synth', () => {
  const of = (values: Record<string, string>) => (key: string) => values[key];
  it('refuses debug mode in production', () => {
    expect(() => stageConfig('production', of({ 'production.debugMode': 'on' }))).toThrow(
      /never runs in debug/,
    );
    expect(stageConfig('production', of({ 'production.debugMode': 'off' })).debugMode).toBe(false);
  });
  it('refuses a sender outside the mail domain, a domain without its certificate, an unknown edge', () => {
    expect(() =>
      stageConfig('staging', of({ 'staging.mailDomain': 'a.test', 'staging.mailFrom': 'x@b.test' })),
    ).toThrow(/not an address of a\.test/);
    expect(() => stageConfig('staging', of({ 'staging.mailFrom': 'x@b.test' }))).toThrow(
      /needs staging\.mailDomain/,
    );
    expect(() => stageConfig('staging', of({ 'staging.domainName': 'api.a.test' }))).toThrow(/go together/);
    expect(() => stageConfig('production', of({ 'production.edge': 'akamai' }))).toThrow(
      /"api" or "cloudfront"/,
    );
    expect(() => stageConfig('staging', of({ architecture: 'arm' }))).toThrow(/arm64/);
    expect(() => stageConfig('staging', of({ 'staging.sandboxRecipients': 'a@b.test,nope' }))).toThrow(
      /not an e-mail address/,
    );
  });
  it('refuses CloudFront for a stage whose account and region are unknown', () => {
    const saved = { ...process.env };
    delete process.env.CDK_DEFAULT_ACCOUNT;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      expect(() => testStages({ 'production.edge': 'cloudfront' })).toThrow(
        /needs the stage's account and region/,
      );
    } finally {
      process.env = saved;
    }
  });
});
