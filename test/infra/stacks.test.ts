import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { functionId, READ_ACTIONS, WRITE_ACTIONS } from '../../infra/api-stack';
import { buildApp } from '../../infra/app';
import { TABLE_SCHEMA } from '../../shared/db/table';
import { ROUTES, routeName } from '../../shared/routes';

/** Both stages, synthesized without bundling (esbuild bundling is exercised by `npm run synth`). */
const app = buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [] } }));
const stack = (id: string) => app.node.findChild(id) as Stack;
const stages = ['Staging', 'Production'] as const;

describe.each(stages)('%s', (stage) => {
  const api = Template.fromStack(stack(`Booking-${stage}-Api`));
  const data = Template.fromStack(stack(`Booking-${stage}-Data`));

  it('has one function per route of the route table, plus the not-found function', () => {
    api.resourceCountIs('AWS::Lambda::Function', ROUTES.length + 1);
    api.allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    for (const route of ROUTES) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
    }
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
  });

  it('wires each route to its own function', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    const ids = Object.keys(functions);
    for (const route of ROUTES) {
      expect(ids.some((id) => id.startsWith(functionId(routeName(route))))).toBe(true);
    }
  });

  it('passes the stage settings, and no secret, to the functions', () => {
    const functions = Object.values(api.findResources('AWS::Lambda::Function')) as Array<{
      Properties: { Environment: { Variables: Record<string, unknown> } };
    }>;
    for (const fn of functions) {
      const vars = fn.Properties.Environment.Variables;
      expect(Object.keys(vars).sort()).toEqual([
        'DEBUG_MODE',
        'DYNAMODB_ENDPOINT',
        'LOG_LEVEL',
        'NODE_OPTIONS',
        'STAGE',
        'TABLE_NAME',
      ]);
      expect(vars.DYNAMODB_ENDPOINT).toBe('');
      expect(vars.DEBUG_MODE).toBe(stage === 'Production' ? 'off' : 'on');
      expect(JSON.stringify(vars)).not.toMatch(/secret|token|password/i);
    }
  });

  it('gives read routes no write action, and write routes only the table actions they use', () => {
    const policies = api.findResources('AWS::IAM::Policy');
    const roleOf = (route: (typeof ROUTES)[number]) => functionId(routeName(route));
    for (const route of ROUTES) {
      const policy = Object.entries(policies).find(([id]) => id.startsWith(roleOf(route)));
      const actions = policy
        ? (
            policy[1] as {
              Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } };
            }
          ).Properties.PolicyDocument.Statement.flatMap((s) =>
            Array.isArray(s.Action) ? s.Action : [s.Action],
          )
        : [];
      const writes = actions.filter((a) => WRITE_ACTIONS.includes(a) || /Write|Delete|Put|Update/.test(a));
      if (route.access === 'read') {
        expect({ route: route.path, writes }).toEqual({ route: route.path, writes: [] });
        // The policy was found: a route that reads the table holds its read grant.
        if (route.auth !== 'none') expect(actions).toEqual(expect.arrayContaining(READ_ACTIONS));
      } else expect(actions.sort()).toEqual([...READ_ACTIONS, ...WRITE_ACTIONS].sort());
    }
  });

  it('has the table of the access-pattern table: on demand, PITR, encryption, TTL, the GSIs', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it(stage === 'Production' ? 'retains its table and protects it from deletion' : 'can be torn down', () => {
    const tables = data.findResources('AWS::DynamoDB::GlobalTable');
    const [table] = Object.values(tables) as Array<{
      DeletionPolicy?: string;
      Properties: { Replicas: Array<{ DeletionProtectionEnabled?: boolean }> };
    }>;
    if (stage === 'Production') {
      expect(table?.DeletionPolicy).toBe('Retain');
      expect(table?.Properties.Replicas[0]?.DeletionProtectionEnabled).toBe(true);
    } else {
      expect(table?.DeletionPolicy).toBe('Delete');
    }
  });

  it('alarms on 5xx, p99 latency and throttles, and keeps logs for the stage', () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: '5xx' });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', { ExtendedStatistic: 'p99' });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Throttles' });
    api.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: stage === 'Production' ? 90 : 14 });
  });

  it('is cdk-nag (AwsSolutions) clean: no error or warning left', () => {
    for (const id of [`Booking-${stage}-Api`, `Booking-${stage}-Data`]) {
      expect(
        Annotations.fromStack(stack(id)).findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ).toEqual([]);
      expect(
        Annotations.fromStack(stack(id)).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ).toEqual([]);
    }
  });
});

it('staging and production have distinct tables and APIs', () => {
  expect(stack('Booking-Staging-Data').stackName).not.toBe(stack('Booking-Production-Data').stackName);
  const tableName = (s: string) =>
    Object.keys(Template.fromStack(stack(`Booking-${s}-Data`)).findResources('AWS::DynamoDB::GlobalTable'));
  expect(tableName('Staging')).toHaveLength(1);
  expect(tableName('Production')).toHaveLength(1);
});
