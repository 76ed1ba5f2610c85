import { join } from 'node:path';
import { CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../shared/db/table';
import { CORS } from '../shared/http/middleware/cors-policy';
import {
  FEED_ROUTE,
  NOT_FOUND_ENTRY,
  PAGE_ROUTES,
  PREFLIGHT_ENTRY,
  PUBLISHABLE_ROUTES,
  ROUTES,
  type RouteDef,
  routeName,
} from '../shared/routes';
import { ALIASES, BUNDLE_EXTERNALS, BUNDLE_OUTPUT } from './bundling';
import type { StageConfig } from './config';
import { addDashboard } from './dashboard';
import { addDistribution } from './edge-stack';
import {
  addFunctionAlarms,
  addStoreRefusalAlarm,
  alarmOn,
  powertoolsEnvironment,
  powertoolsLayer,
} from './observability';
import { ORIGIN_SECRET_VARIABLE, OriginSecret } from './origin-secret';
import { type TableGrant, tableGrants } from './table-access';

const ROOT = join(__dirname, '..');

/**
 * The construct id of a route's function, which is also its name for `sam local invoke`: the route's
 * name in PascalCase (`get-v2-calendar-slots` → `GetV2CalendarSlots`, `not-found` → `NotFound`).
 */
export const functionId = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The name of the not-found function (the `$default` route). */
export const NOT_FOUND_NAME = 'not-found';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  table: ITableV2;
  /** The routes served (the route table and the staff feed's address unless a test gives others). */
  routes?: readonly RouteDef[];
  /** The web ACL of CloudFront in front of the API (edge-stack.ts), when the stage's edge is `cloudfront`. */
  webAclArn?: string | undefined;
}

/**
 * Route functions per nested stack. A function with its role, policy, log group, invoke permission and two
 * alarms is seven resources (eight with the local layer shared by the stack's functions), so a nested
 * template stays near 150 of CloudFormation's 500; routes and integrations stay in the API stack (two
 * resources a route), so the API stack has room for well over a hundred routes.
 */
export const FUNCTIONS_PER_STACK = 20;

/** The handler files of the booking routes, which get production's reserved concurrency. */
export const BOOKING_ENTRIES: readonly string[] = [
  'functions/v1/appointments/create-appointment.ts',
  'functions/v1/appointments/update-appointment.ts',
  'functions/v2/appointments/book-appointment.ts',
  'functions/v2/appointments/cancel-appointment.ts',
  'functions/v2/appointments/reschedule-appointment.ts',
];

/** The API a route belongs to, by its path: `V2` (/api/v2/...), `V1` (/api...), `Pages` (everything else). */
export const routeGroupOf = (route: RouteDef): 'V1' | 'V2' | 'Pages' =>
  /^\/api\/v2(\/|$)/.test(route.path) ? 'V2' : /^\/api(\/|$)/.test(route.path) ? 'V1' : 'Pages';

/**
 * Which nested stack holds each route's function: one per API (`V1Functions`, `V2Functions`,
 * `PagesFunctions`), continued in `V2Functions2`, `V2Functions3`, ... past FUNCTIONS_PER_STACK routes, in
 * route table order. A new route lands in its API's last stack by itself.
 */
export function functionStacksOf(routes: readonly RouteDef[]): Array<{ id: string; routes: RouteDef[] }> {
  const stacks: Array<{ id: string; routes: RouteDef[] }> = [];
  for (const group of ['V1', 'V2', 'Pages'] as const) {
    const own = routes.filter((route) => routeGroupOf(route) === group);
    for (let i = 0; i < own.length; i += FUNCTIONS_PER_STACK) {
      const part = i / FUNCTIONS_PER_STACK;
      stacks.push({
        id: `${group}Functions${part === 0 ? '' : part + 1}`,
        routes: own.slice(i, i + FUNCTIONS_PER_STACK),
      });
    }
  }
  return stacks;
}

/** A nested stack of route functions (its own template, its own 500 resources). */
export class RouteFunctionsStack extends NestedStack {
  constructor(scope: Construct, id: string, description: string) {
    super(scope, id, { description });
    NagSuppressions.addStackSuppressions(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime the project builds and tests for (esbuild target node22), as in the API stack.',
      },
    ]);
  }
}

export interface RouteFunctionProps {
  /** Route name (routeName()) or NOT_FOUND_NAME. */
  name: string;
  /** Handler file relative to the repository root. */
  entry: string;
  /** DynamoDB actions the handler uses (table-access.ts); none means no table access at all. */
  actions?: readonly string[];
  /** Or the actions as statements, some held by a condition (table-access.ts `tableGrants`). */
  grants?: readonly TableGrant[];
  stage: StageConfig;
  table: ITableV2;
  /** Reserved concurrency (none when absent or 0). */
  reservedConcurrency?: number | undefined;
  /** Variables of this function besides the stage's. */
  environment?: Record<string, string> | undefined;
}

/**
 * One route's function, directly under the stack so that its construct id is the readable, stable
 * functionId(name): its own log group, its own role (write its own logs, the table actions it uses, on
 * the table and its indexes only, X-Ray traces), active tracing, the Powertools layer, and alarms on its
 * errors and throttles.
 */
export function addRouteFunction(stack: Stack, props: RouteFunctionProps): NodejsFunction {
  const { stage, table } = props;
  const id = functionId(props.name);

  const logGroup = new LogGroup(stack, `${id}Logs`, {
    retention: stage.logRetention,
    removalPolicy: stage.logRemovalPolicy,
  });
  // Own role rather than AWSLambdaBasicExecutionRole: it may write to its own log group, nothing else.
  const role = new Role(stack, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `${props.name} (${stage.name}): own logs and the table actions its handler uses`,
  });
  logGroup.grantWrite(role);
  grantTableActions(role, table, props.grants ?? [{ actions: props.actions ?? [] }]);
  NagSuppressions.addResourceSuppressions(
    role,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource, so their statement is on *; every other statement names its resource.',
        appliesTo: ['Resource::*'],
      },
    ],
    true,
  );

  const fn = new NodejsFunction(stack, id, {
    entry: join(ROOT, props.entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: stage.architecture === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
    ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
    memorySize: stage.functions.memorySize,
    timeout: Duration.seconds(stage.functions.timeoutSeconds),
    role,
    logGroup,
    loggingFormat: LoggingFormat.JSON,
    // X-Ray traces of every invocation (Powertools Tracer, shared/telemetry/tracer.ts), and Powertools
    // itself from AWS's layer of the pinned release (infra/config.ts), not from the bundle.
    tracing: Tracing.ACTIVE,
    layers: [powertoolsLayer(stack, stage)],
    environment: {
      ...powertoolsEnvironment(stage),
      TABLE_NAME: table.tableName,
      STAGE: stage.name,
      DEBUG_MODE: stage.debugMode ? 'on' : 'off',
      LOG_LEVEL: stage.logLevel,
      // Empty: no browser origin (shared/config.ts reads an empty list, not the local default `*`).
      CORS_ALLOWED_ORIGINS: stage.corsAllowedOrigins.join(','),
      // The stage's default limits, `name=N,...` (shared/config.ts).
      DEFAULT_LIMITS: Object.entries(stage.limits)
        .map(([name, value]) => `${name}=${value}`)
        .join(','),
      // Empty on AWS (shared/config.ts reads it as unset). Declared so that `sam local --env-vars` can
      // point it at DynamoDB Local: SAM only overrides variables the template declares.
      DYNAMODB_ENDPOINT: '',
      ...props.environment,
    },
    // The options of esbuildOptions() in bundling.ts, which the bundle test and the benchmark use.
    bundling: {
      minify: BUNDLE_OUTPUT.minify,
      sourceMap: BUNDLE_OUTPUT.sourcemap,
      sourcesContent: BUNDLE_OUTPUT.sourcesContent,
      format: OutputFormat.CJS satisfies typeof BUNDLE_OUTPUT.format,
      target: BUNDLE_OUTPUT.target,
      // The nodejs22.x runtime provides the AWS SDK v3; the Powertools layer, Powertools and the X-Ray SDK.
      externalModules: BUNDLE_EXTERNALS,
      esbuildArgs: { '--alias': Object.entries(ALIASES).map(([from, to]) => `${from}=${to}`) },
      // The metafile tells the hook which data files the bundle's modules read and which writers they
      // load on first use (bundled apart beside index.js); the hook removes it.
      metafile: true,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_inputDir: string, outputDir: string) => [
          `node --require tsx/cjs infra/bundling.ts "${outputDir}"`,
        ],
      },
    },
    projectRoot: ROOT,
    depsLockFilePath: join(ROOT, 'package-lock.json'),
  });

  addFunctionAlarms(stack, id, props.name, fn, stage);
  return fn;
}

/**
 * Grants the actions on the table itself, and Query (the only one that applies to an index) on each of
 * the table's indexes by name: no wildcard, and no write action ever reaches an index.
 */
function grantTableActions(role: Role, table: ITableV2, grants: readonly TableGrant[]): void {
  const actions = grants.flatMap((grant) => grant.actions);
  if (actions.length === 0) return;
  for (const grant of grants) {
    role.addToPolicy(
      new PolicyStatement({
        actions: [...grant.actions],
        resources: [table.tableArn],
        ...(grant.conditions ? { conditions: grant.conditions } : {}),
      }),
    );
  }
  if (actions.includes('dynamodb:Query')) {
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: TABLE_SCHEMA.indexes.map((index) => `${table.tableArn}/index/${index.name}`),
      }),
    );
  }
}

/** The stage's CORS preflight answer: its origins, the API's methods and headers (shared/http/middleware/cors-policy.ts). */
const corsPreflightOf = (stage: StageConfig) => ({
  allowOrigins: [...stage.corsAllowedOrigins],
  allowMethods: CORS.allowMethods.map((method) => CorsHttpMethod[method]),
  allowHeaders: [...CORS.allowHeaders],
  exposeHeaders: [...CORS.exposeHeaders],
  maxAge: Duration.seconds(CORS.maxAgeSeconds),
});

/**
 * The stage's HTTP API: one function per route of the route table, and one for every other path. The API,
 * its routes and integrations, the not-found function, the API's alarms and the dashboard are in this
 * stack; the route functions are in nested stacks by API (functionStacksOf), so that no template nears
 * CloudFormation's resource limit as routes are added.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly apiStage: HttpStage;
  /** Each route's function, by route name (routeName()). */
  readonly routeFunctions = new Map<string, NodejsFunction>();
  /** The nested stacks holding them. */
  readonly functionStacks: RouteFunctionsStack[] = [];
  /** When the stage sits behind CloudFront: the header value the functions require (edge-stack.ts). */
  readonly originSecret: OriginSecret | undefined;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table } = props;
    this.originSecret = stage.edge === 'cloudfront' ? new OriginSecret(this, 'OriginSecret') : undefined;
    const environment: Record<string, string> = this.originSecret
      ? { [ORIGIN_SECRET_VARIABLE]: this.originSecret.value }
      : {};
    const common = { stage, table, environment };

    // The not-found function has no table action: it answers 404 in the envelope of the path's API.
    const notFound = addRouteFunction(this, {
      ...common,
      name: NOT_FOUND_NAME,
      entry: NOT_FOUND_ENTRY,
      actions: [],
    });
    // With a custom domain, clients use it only: the execute-api endpoint is switched off (unless
    // CloudFront is the edge, which calls that endpoint and carries the domain itself).
    const apiDomain =
      stage.domain && stage.edge !== 'cloudfront'
        ? new DomainName(this, 'DomainName', {
            domainName: stage.domain.name,
            certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn),
          })
        : undefined;
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Appointment booking API (${stage.name})`,
      createDefaultStage: false,
      // The `$default` route: every path the route table does not serve.
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
      // API Gateway answers preflights itself (no function runs); the functions add the
      // Access-Control-Allow-Origin of actual answers (shared/http/middleware/cors.ts).
      ...(stage.corsAllowedOrigins.length > 0 ? { corsPreflight: corsPreflightOf(stage) } : {}),
      ...(apiDomain ? { disableExecuteApiEndpoint: true } : {}),
    });

    /** The stage's public base URL: its custom domain when it has one, else the API's own endpoint. */
    const publicBase = stage.domain ? `https://${stage.domain.name}` : this.api.apiEndpoint;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.logRemovalPolicy,
    });
    const apiStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: stage.throttle,
      ...(apiDomain ? { domainMapping: { domainName: apiDomain } } : {}),
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            // The X-Request-Id of the answer and the request_id of the function's log line and trace.
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
            responseLength: '$context.responseLength',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    this.apiStage = apiStage;

    // The staff calendar feed's secret address and the pages sit beside the route table (shared/routes.ts).
    for (const part of functionStacksOf(props.routes ?? [...ROUTES, FEED_ROUTE, ...PAGE_ROUTES])) {
      const nested = new RouteFunctionsStack(
        this,
        part.id,
        `Appointment booking: route functions ${part.id} (${stage.name})`,
      );
      this.functionStacks.push(nested);
      for (const route of part.routes) {
        const name = routeName(route);
        const fn = addRouteFunction(nested, {
          ...common,
          name,
          entry: route.entry,
          grants: tableGrants(route),
          reservedConcurrency: BOOKING_ENTRIES.includes(route.entry) ? stage.bookingConcurrency : undefined,
        });
        // The addresses the API writes (the staff feed's, docs/CONTRACT.md) start with its public base URL.
        fn.addEnvironment('PUBLIC_BASE_URL', publicBase);
        this.routeFunctions.set(name, fn);
        // The route and its integration stay here, beside the API: moving a function between nested
        // stacks never re-creates a route (whose key must stay unique in the API).
        this.api.addRoutes({
          path: route.path,
          methods: [HttpMethod[route.method]],
          integration: new HttpLambdaIntegration(`${functionId(name)}Integration`, fn),
        });
      }
    }

    // The publishable routes answer preflights from any origin (a tenant's own site), where the stage sets
    // no preflight of its own: with one, API Gateway answers every preflight from the stage's origins.
    if (stage.corsAllowedOrigins.length === 0) {
      const preflight = addRouteFunction(this, {
        ...common,
        name: 'options-publishable',
        entry: PREFLIGHT_ENTRY,
        actions: [],
      });
      const integration = new HttpLambdaIntegration('PreflightIntegration', preflight);
      for (const path of new Set(PUBLISHABLE_ROUTES.map((route) => route.path))) {
        this.api.addRoutes({ path, methods: [HttpMethod.OPTIONS], integration });
      }
    }

    alarmOn(this, 'ServerErrors', {
      description: `API 5xx answers (${stage.name})`,
      metric: this.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: stage.alarms.serverErrorsPer5Min,
    });
    new Alarm(this, 'LatencyP99', {
      alarmDescription: `API p99 latency (${stage.name})`,
      metric: this.api.metricLatency({ period: Duration.minutes(5), statistic: 'p99' }),
      threshold: stage.alarms.p99LatencyMs,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    if (this.originSecret && props.webAclArn) {
      addDistribution(this, {
        stage,
        api: this.api,
        webAclArn: props.webAclArn,
        originSecret: this.originSecret.value,
      });
    }

    addStoreRefusalAlarm(this, stage);
    addDashboard(this, { stage, api: this.api, table });

    new CfnOutput(this, 'ApiUrl', {
      value: apiDomain ? `https://${stage.domain?.name}/` : apiStage.url,
      description: 'Base URL: the v1 API is under api/, the v2 API under api/v2/',
    });
    if (apiDomain) {
      new CfnOutput(this, 'DomainTarget', {
        value: apiDomain.regionalDomainName,
        description: `Point ${stage.domain?.name} here (a CNAME, or an alias record of hosted zone ${'<'}DomainHostedZoneId${'>'})`,
      });
      new CfnOutput(this, 'DomainHostedZoneId', { value: apiDomain.regionalHostedZoneId });
    }

    NagSuppressions.addResourceSuppressions(
      this.api,
      [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Authorisation is the Access-Token check of each handler (v1 HMAC, v2 SHA-1, per entity, docs/CONTRACT.md#tokens): API Gateway authorizers cannot check those tokens. GET /api/ and /api/health are public by contract, and the $default route only answers 404.',
        },
      ],
      true,
    );
    NagSuppressions.addStackSuppressions(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime the issue asks for and the project builds and tests for (esbuild target node22); moving to a newer runtime is a deliberate upgrade, not a default.',
      },
    ]);
  }
}
