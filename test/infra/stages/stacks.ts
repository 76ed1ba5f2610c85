import { type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { functionId, NOT_FOUND_NAME } from '../../../infra/stacks/route-functions';
import { STAGES } from '../../../infra/stage/config';
import { stageConfig } from '../../../infra/stage/stage-settings';
import {
  COUNTER_ACTIONS,
  COUNTER_CONDITION,
  READ_ACTIONS,
  tableActions,
  WRITE_ACTIONS,
} from '../../../infra/table-access';
import { TABLE_SCHEMA } from '../../../shared/db/table';
import {
  FEED_ROUTE,
  PAGE_ROUTES,
  PUBLISHABLE_ROUTES,
  type RouteDef,
  routeName,
  ROUTES as TABLE_ROUTES,
} from '../../../shared/routes';
import { templateOf, testStages } from '../../support/cdk-app';

/** Every route the API stack serves: the route table, the staff feed's address and the pages. */
const ROUTES = [...TABLE_ROUTES, FEED_ROUTE, ...PAGE_ROUTES];
/** The publishable routes' paths: an OPTIONS route each where the stage sets no preflight of its own. */
const PREFLIGHT_PATHS = [...new Set(PUBLISHABLE_ROUTES.map((route) => route.path))];

/**
 * Both stages, synthesized without bundling: the `aws:cdk:bundling-stacks` context set to [] makes every
 * NodejsFunction use a placeholder asset. Real bundling: test/infra/bundle.test.ts and `npm run synth`.
 * The build of the shipped settings is stages/deploy-settings.ts's, with cdk-nag (testStages shares it); that
 * file checks every stack with cdk-nag, nested ones included.
 */
const { stages } = testStages();

interface CfnResource {
  Type: string;
  /** Every resource of these stacks has properties. */
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: unknown;
}

const resourcesOf = (template: Template) => template.toJSON().Resources as Record<string, CfnResource>;
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const logicalId = (stack: Stack, construct: IConstruct) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
const isWrite = (action: string) => WRITE_ACTIONS.includes(action) || /Write|Delete|Put|Update/.test(action);

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s', (stageName, { api, data }) => {
  const stage = STAGES[stageName];
  const apiTemplate = templateOf(api);
  const dataTemplate = templateOf(data);
  const resources = resourcesOf(apiTemplate);
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

  /** The API stack and its nested stacks of route functions. */
  const stacks = [api, ...api.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack)];
  const allResources = stacks.map((stack) => resourcesOf(templateOf(stack)));
  const allOfType = (type: string) =>
    allResources.flatMap((own) => Object.entries(own)).filter(([, r]) => r.Type === type);
  const functionOfName = (name: string) =>
    name === NOT_FOUND_NAME || name === 'options-publishable'
      ? api.node.findChild(functionId(name))
      : (api.routeFunctions.get(name) as IConstruct);

  /**
   * The function behind a route key: Route → Target → Integration → IntegrationUri, which names the
   * function (not-found, in this stack) or its nested stack's output (`Outputs.<path><FunctionId><hash>Arn`).
   */
  const functionBehind = (routeKey: string): string | undefined => {
    const route = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === routeKey)?.[1];
    const target = route?.Properties.Target as
      | { 'Fn::Join': [string, [string, { Ref: string }]] }
      | undefined;
    const integrationId = target?.['Fn::Join'][1][1].Ref;
    const integration = integrationId ? resources[integrationId] : undefined;
    const uri = integration?.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] } | undefined;
    const [resource, attribute = ''] = uri?.['Fn::GetAtt'] ?? [];
    if (attribute === 'Arn') return resource;
    const nested = stacks.find(
      (stack) =>
        stack.nestedStackResource && api.getLogicalId(stack.nestedStackResource as CfnElement) === resource,
    );
    const outputs = nested ? (templateOf(nested).toJSON().Outputs as Record<string, { Value: unknown }>) : {};
    const value = outputs[attribute.replace(/^Outputs\./, '')]?.Value as
      | { 'Fn::GetAtt': [string, string] }
      | undefined;
    return value?.['Fn::GetAtt'][1] === 'Arn' ? value['Fn::GetAtt'][0] : undefined;
  };
  /** The logical id of the function built for a route name, in its own (nested) stack. */
  const functionOf = (name: string) => {
    const fn = functionOfName(name);
    return logicalId(Stack.of(fn), fn);
  };
  /** Every statement of the policies attached to a function's role. */
  const statementsOf = (name: string): Statement[] => {
    const fn = functionOfName(name);
    const stack = Stack.of(fn);
    const roleId = logicalId(stack, fn.node.scope?.node.findChild(`${functionId(name)}Role`) as IConstruct);
    return Object.values(resourcesOf(templateOf(stack)))
      .filter((p) => p.Type === 'AWS::IAM::Policy')
      .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  /** The preflight function and its OPTIONS routes exist where the stage sets no preflight (production). */
  const preflights = stage.corsAllowedOrigins.length === 0 ? 1 : 0;
  const tableActionsOf = (name: string) =>
    statementsOf(name)
      .flatMap((s) => asList(s.Action))
      .filter((a) => a.startsWith('dynamodb:'));

  it('has one function per route of the route table, plus the not-found function', () => {
    expect(allOfType('AWS::Lambda::Function')).toHaveLength(ROUTES.length + 1 + preflights);
    for (const stack of stacks) {
      templateOf(stack).allResourcesProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
      });
    }
    apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
  });

  it('wires every route, and only those, to its own function; $default to the not-found function', () => {
    const targets = new Set<string | undefined>();
    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      const fn = functionBehind(key);
      expect({ key, fn }).toEqual({ key, fn: functionOf(routeName(route)) });
      expect(Stack.of(functionOfName(routeName(route)))).not.toBe(api);
      targets.add(fn);
    }
    expect(targets.size).toBe(ROUTES.length);
    expect(functionBehind('$default')).toBe(functionOf(NOT_FOUND_NAME));
    apiTemplate.resourceCountIs(
      'AWS::ApiGatewayV2::Route',
      ROUTES.length + 1 + preflights * PREFLIGHT_PATHS.length,
    );
  });

  it('answers the publishable routes’ preflights from any origin where the stage sets none', () => {
    for (const path of PREFLIGHT_PATHS) {
      expect(functionBehind(`OPTIONS ${path}`)).toBe(
        preflights ? functionOf('options-publishable') : undefined,
      );
    }
    if (preflights) expect(tableActionsOf('options-publishable')).toEqual([]);
  });

  it('gives functions readable, stable construct ids (the names `sam local invoke` takes)', () => {
    expect(functionOf(NOT_FOUND_NAME)).toMatch(/^NotFound[0-9A-F]{8}$/);
    for (const route of ROUTES) {
      const id = functionId(routeName(route));
      expect(id).toMatch(/^(Get|Post|Put)[A-Za-z0-9]+$/);
      expect(functionOf(routeName(route))).toMatch(new RegExp(`^${id}[0-9A-F]{8}$`));
    }
  });

  it('passes the stage settings, and no secret, to the functions', () => {
    const routeFunctionIds = new Set([...api.routeFunctions.keys()].map(functionOf));
    for (const [id, fn] of allOfType('AWS::Lambda::Function')) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // Every route function knows the stage's public base URL (the addresses it writes); the not-found
      // and preflight functions write none.
      expect('PUBLIC_BASE_URL' in vars).toBe(routeFunctionIds.has(id));
      // MAIL_FROM: only the function that mails sign-in links has it (test/infra/stages/sign-in-mail.ts).
      expect(
        Object.keys(vars)
          .filter((name) => name !== 'PUBLIC_BASE_URL' && name !== 'MAIL_FROM')
          .sort(),
      ).toEqual([
        'CORS_ALLOWED_ORIGINS',
        'DEBUG_MODE',
        'DEFAULT_LIMITS',
        'DYNAMODB_ENDPOINT',
        'FUNCTION_TIMEOUT_SECONDS',
        'LOG_LEVEL',
        'POWERTOOLS_METRICS_NAMESPACE',
        'POWERTOOLS_SERVICE_NAME',
        'POWERTOOLS_TRACER_CAPTURE_RESPONSE',
        'STAGE',
        'TABLE_NAME',
      ]);
      expect(vars).toMatchObject({
        STAGE: stageName,
        DEBUG_MODE: stageName === 'production' ? 'off' : 'on',
        LOG_LEVEL: stage.logLevel,
        // Declared empty for `sam local --env-vars`; shared/config.ts takes it as unset.
        DYNAMODB_ENDPOINT: '',
        CORS_ALLOWED_ORIGINS: stage.corsAllowedOrigins.join(','),
        POWERTOOLS_SERVICE_NAME: 'booking-api',
        POWERTOOLS_METRICS_NAMESPACE: `BookingApi/${stageName}`,
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      });
      expect(JSON.stringify(vars)).not.toMatch(/secret|password|token/i);
      // The function's own timeout, which its store calls' timeouts and deadline derive from.
      expect(vars.FUNCTION_TIMEOUT_SECONDS).toBe(String(fn.Properties.Timeout));
      expect(fn.Properties.Timeout).toBe(stage.functions.timeoutSeconds);
    }
    expect(JSON.stringify(allResources)).not.toMatch(/demo-secret|secretKey|secret_key/i);
  });

  it('answers CORS preflights for the stage’s origins, with the methods and headers the API takes', () => {
    const cors = Object.values(resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Api')?.Properties
      .CorsConfiguration;
    if (stage.corsAllowedOrigins.length === 0) {
      expect(cors).toBeUndefined();
      return;
    }
    expect(cors).toEqual({
      AllowOrigins: [...stage.corsAllowedOrigins],
      AllowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      AllowHeaders: ['content-type', 'access-token', 'idempotency-key', 'x-debug'],
      ExposeHeaders: [
        'x-request-id',
        'server-timing',
        'idempotent-replayed',
        'ratelimit',
        'ratelimit-policy',
        'retry-after',
      ],
      MaxAge: 600,
    });
  });

  it('grants each function only the table actions its handler uses; no write action on a read route', () => {
    for (const route of ROUTES) {
      const name = routeName(route);
      const granted = [...new Set(tableActionsOf(name))].sort();
      // Authenticated routes get exactly their access level; public ones may get less (table-access.ts).
      // Read routes also move their limit counters (UpdateItem only).
      const level =
        route.access === 'write'
          ? [...READ_ACTIONS, ...WRITE_ACTIONS]
          : [...READ_ACTIONS, ...COUNTER_ACTIONS];
      expect({ route: name, granted }).toEqual({ route: name, granted: [...tableActions(route)].sort() });
      if (route.auth !== 'none')
        expect({ route: name, granted }).toEqual({ route: name, granted: level.sort() });
      if (route.access === 'read') {
        expect({ route: name, writes: granted.filter(isWrite) }).toEqual({
          route: name,
          writes: route.auth === 'none' ? [] : [...COUNTER_ACTIONS],
        });
      }
    }
    expect(tableActionsOf(NOT_FOUND_NAME)).toEqual([]);
    const health = ROUTES.find((r) => r.path === '/api/health') as RouteDef;
    expect(tableActionsOf(routeName(health))).toEqual(['dynamodb:GetItem']);
  });

  it('lets a read route write only the rate counters: UpdateItem held to their partitions (LeadingKeys)', () => {
    let counted = 0;
    for (const route of ROUTES.filter((r) => r.access === 'read')) {
      for (const statement of statementsOf(routeName(route))) {
        const writes = asList(statement.Action).filter((a) => a.startsWith('dynamodb:') && isWrite(a));
        if (writes.length === 0) continue;
        counted += 1;
        expect({ route: route.path, writes, condition: statement.Condition }).toEqual({
          route: route.path,
          writes: [...COUNTER_ACTIONS],
          condition: COUNTER_CONDITION,
        });
      }
    }
    expect(counted).toBeGreaterThan(10);
    expect(COUNTER_CONDITION['ForAllValues:StringLike']['dynamodb:LeadingKeys']).toEqual(['RATE#*']);
  });

  it('grants on the table and its named indexes only: no wildcard but X-Ray’s, no write on an index', () => {
    const imported = `${stage.stackPrefix}-Data:`;
    for (const name of [...ROUTES.map(routeName), NOT_FOUND_NAME]) {
      for (const statement of statementsOf(name)) {
        const text = JSON.stringify(statement.Resource);
        // Sending trace segments takes no resource: the one statement on `*`, and nothing else in it.
        if (text === '"*"') {
          expect(asList(statement.Action).sort()).toEqual([
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
          ]);
          continue;
        }
        expect(text).not.toMatch(/"\*"|\/\*"/);
        const actions = asList(statement.Action);
        if (!actions.some((a) => a.startsWith('dynamodb:'))) continue;
        expect(text).toContain(imported);
        if (text.includes('/index/')) {
          expect(actions).toEqual(['dynamodb:Query']);
          const indexes = [...text.matchAll(/\/index\/([\w-]+)/g)].map((m) => m[1]);
          expect(indexes.sort()).toEqual(TABLE_SCHEMA.indexes.map((i) => i.name).sort());
        }
      }
    }
    // Roles carry no managed policy: logs go to the function's own log group only.
    for (const stack of stacks) {
      templateOf(stack).resourcePropertiesCountIs(
        'AWS::IAM::Role',
        { ManagedPolicyArns: Match.anyValue() },
        0,
      );
    }
  });

  it('has the table of the access-pattern table: on demand, PITR, encryption, TTL, the GSIs', () => {
    dataTemplate.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    dataTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: Match.objectLike({ SSEEnabled: true }),
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.pk, KeyType: 'HASH' },
            { AttributeName: index.sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
    dataTemplate.hasOutput('TableName', {});
    apiTemplate.hasOutput('ApiUrl', {});
  });

  it(
    stageName === 'production' ? 'retains its table and protects it from deletion' : 'can be torn down',
    () => {
      const [table] = Object.values(resourcesOf(dataTemplate)).filter(
        (r) => r.Type === 'AWS::DynamoDB::GlobalTable',
      );
      const replicas = table?.Properties.Replicas as Array<{ DeletionProtectionEnabled?: boolean }>;
      if (stageName === 'production') {
        expect(table?.DeletionPolicy).toBe('Retain');
        expect(table?.UpdateReplacePolicy).toBe('Retain');
        expect(replicas[0]?.DeletionProtectionEnabled).toBe(true);
      } else {
        expect(table?.DeletionPolicy).toBe('Delete');
        expect(replicas[0]?.DeletionProtectionEnabled).toBeFalsy();
      }
    },
  );

  it('alarms on 5xx, p99 latency and every function throttled; keeps logs for the stage', () => {
    apiTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Threshold: stage.alarms.serverErrorsPer5Min,
    });
    apiTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: stage.alarms.p99LatencyMs,
    });
    expect(
      allOfType('AWS::CloudWatch::Alarm').filter(
        ([, a]) => a.Properties.Namespace === 'AWS/Lambda' && a.Properties.MetricName === 'Throttles',
      ),
    ).toHaveLength(ROUTES.length + 1 + preflights);
    for (const stack of stacks) {
      templateOf(stack).allResourcesProperties('AWS::Logs::LogGroup', {
        RetentionInDays: stageName === 'production' ? 90 : 14,
      });
    }
    apiTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: stage.throttle.rateLimit }),
    });
  });
});

it('staging and production have distinct stacks, tables and APIs', () => {
  expect(stages.staging.data.stackName).toBe('Booking-Staging-Data');
  expect(stages.production.api.stackName).toBe('Booking-Production-Api');
  expect(
    new Set([stages.staging.data, stages.staging.api, stages.production.data, stages.production.api]).size,
  ).toBe(4);
  // Each API imports its own stage's table, never the other one.
  const staging = JSON.stringify(templateOf(stages.staging.api).toJSON());
  const production = JSON.stringify(templateOf(stages.production.api).toJSON());
  expect(staging).not.toContain('Booking-Production-Data');
  expect(production).not.toContain('Booking-Staging-Data');
});

it('debug mode: on in staging, off in production by default; switchable in staging by context', () => {
  expect(STAGES.staging.debugMode).toBe(true);
  expect(STAGES.production.debugMode).toBe(false);
  const context = (values: Record<string, unknown>) => (key: string) => values[key];
  expect(() => stageConfig('production', context({ 'production.debugMode': 'on' }))).toThrow(/debug mode/);
  expect(stageConfig('staging', context({ 'production.debugMode': 'on' })).debugMode).toBe(true);
  expect(stageConfig('staging', context({ 'staging.debugMode': 'off' })).debugMode).toBe(false);
  expect(() => stageConfig('staging', context({ 'staging.debugMode': 'yes' }))).toThrow(/on" or "off/);
});

it('CORS origins: any in staging, none in production by default; set per stage by context', () => {
  expect(STAGES.staging.corsAllowedOrigins).toEqual(['*']);
  expect(STAGES.production.corsAllowedOrigins).toEqual([]);
  const context = (values: Record<string, unknown>) => (key: string) => values[key];
  const origins = 'https://app.example.com, http://localhost:5173';
  expect(
    stageConfig('production', context({ 'production.corsAllowedOrigins': origins })).corsAllowedOrigins,
  ).toEqual(['https://app.example.com', 'http://localhost:5173']);
  expect(
    stageConfig('staging', context({ 'production.corsAllowedOrigins': origins })).corsAllowedOrigins,
  ).toEqual(['*']);
  expect(() =>
    stageConfig('production', context({ 'production.corsAllowedOrigins': 'https://app.example.com/path' })),
  ).toThrow(/not \* or scheme/);
});
