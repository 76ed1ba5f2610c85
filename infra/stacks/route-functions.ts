import { join } from 'node:path';
import { Duration, NestedStack, type Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../shared/db/table';
import type { RouteDef } from '../../shared/routes';
import { ALIASES, BUNDLE_EXTERNALS, BUNDLE_OUTPUT } from '../bundling';
import { addFunctionAlarms, powertoolsEnvironment, powertoolsLayer } from '../observability';
import type { StageConfig } from '../stage/config';
import type { TableGrant } from '../table-access';

const ROOT = join(__dirname, '..', '..');

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

/**
 * Route functions per nested stack. A function with its role, policy, log group, invoke permission and two
 * alarms is seven resources (eight with the local layer shared by the stack's functions), so a nested
 * template stays near 150 of CloudFormation's 500; routes and integrations stay in the API stack (two
 * resources a route), so the API stack has room for well over a hundred routes.
 */
export const FUNCTIONS_PER_STACK = 20;

/** The handler files of the booking routes, which get `<stage>.reservedConcurrency` when it is set. */
export const BOOKING_ENTRIES: readonly string[] = [
  'functions/v1/appointments/create-appointment.ts',
  'functions/v1/appointments/update-appointment.ts',
  'functions/v2/appointments/book-appointment.ts',
  'functions/v2/appointments/cancel-appointment.ts',
  'functions/v2/appointments/confirm-appointment.ts',
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
    // itself from AWS's layer of the pinned release (infra/stage/config.ts), not from the bundle.
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
      // The function's own timeout: its store calls' timeouts and deadline derive from it (shared/db/deadline.ts).
      FUNCTION_TIMEOUT_SECONDS: String(stage.functions.timeoutSeconds),
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

  addFunctionAlarms(stack, id, { name: props.name, fn, stage });
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
