import { join } from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { NOT_FOUND_ENTRY, ROUTES, type RouteDef, routeName } from '../shared/routes';
import type { StageConfig } from './config';

const ROOT = join(__dirname, '..');

/** DynamoDB actions by route kind: read routes get no write action (least privilege). */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
];

/** What a route's function may do on the table. */
function actionsFor(route: RouteDef): string[] {
  if (route.path === '/api/health') return ['dynamodb:GetItem'];
  if (route.auth === 'none') return [];
  return route.access === 'write' ? [...READ_ACTIONS, ...WRITE_ACTIONS] : READ_ACTIONS;
}

/** A stable, readable construct id for a route's function: `get-v2-calendar-slots` → `GetV2CalendarSlots`. */
export const functionId = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  table: ITableV2;
}

/** The stage's HTTP API: one function per route of the route table, and one for every other path. */
export class ApiStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table } = props;

    const makeFunction = (name: string, entry: string, actions: string[]) => {
      const logGroup = new LogGroup(this, `${functionId(name)}Logs`, {
        retention: stage.logRetention,
        removalPolicy: stage.tableRemovalPolicy,
      });
      const fn = new NodejsFunction(this, functionId(name), {
        entry: join(ROOT, entry),
        handler: 'handler',
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: stage.memorySize,
        timeout: Duration.seconds(stage.timeoutSeconds),
        logGroup,
        loggingFormat: LoggingFormat.JSON,
        environment: {
          TABLE_NAME: table.tableName,
          STAGE: stage.name,
          DEBUG_MODE: stage.debugMode ? 'on' : 'off',
          LOG_LEVEL: stage.logLevel,
          NODE_OPTIONS: '--enable-source-maps',
          // Empty on AWS. Declared so that `sam local invoke --env-vars` can point it at DynamoDB Local.
          DYNAMODB_ENDPOINT: '',
        },
        bundling: {
          minify: true,
          sourceMap: true,
          format: OutputFormat.CJS,
          target: 'node22',
          externalModules: ['@aws-sdk/*'],
        },
        projectRoot: ROOT,
        depsLockFilePath: join(ROOT, 'package-lock.json'),
      });
      if (actions.length) table.grant(fn, ...actions);
      new Alarm(this, `${functionId(name)}Throttles`, {
        metric: fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: stage.alarms.throttlesPer5Min,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      return fn;
    };

    const notFound = makeFunction('not-found', NOT_FOUND_ENTRY, []);
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Appointment booking API (${stage.name})`,
      createDefaultStage: false,
      // Every path the route table does not serve gets the 404 of its API's envelope.
      defaultIntegration: new HttpLambdaIntegration('NotFound', notFound),
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.tableRemovalPolicy,
    });
    const defaultStage = new HttpStage(this, 'DefaultStage', { httpApi: this.api, autoDeploy: true });
    const cfnStage = defaultStage.node.defaultChild as import('aws-cdk-lib/aws-apigatewayv2').CfnStage;
    cfnStage.stageName = '$default';
    cfnStage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.integrationLatency',
        ip: '$context.identity.sourceIp',
      }),
    };

    for (const route of ROUTES) {
      const name = routeName(route);
      const fn = makeFunction(name, route.entry, actionsFor(route));
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${functionId(name)}Integration`, fn),
      });
    }

    new Alarm(this, 'ServerErrors', {
      metric: this.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: stage.alarms.serverErrorsPer5Min,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    new Alarm(this, 'LatencyP99', {
      metric: this.api.metricLatency({ period: Duration.minutes(5), statistic: 'p99' }),
      threshold: stage.alarms.p99LatencyMs,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: 'Base URL: /api and /api/v2 live under it',
    });
    new CfnOutput(this, 'TableName', {
      value: table.tableName,
      description: 'TABLE_NAME for npm run admin -- --remote',
    });

    NagSuppressions.addStackSuppressions(this, [
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only lets the functions write their own logs.',
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The table grant covers its indexes (table/index/*): every index is one of this table's access patterns.",
      },
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Both APIs authenticate in the function stack (Access-Token, v1 HMAC or v2 SHA-1 token per entity, DECISIONS.md); GET /api/ and /api/health are public by contract.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime this project is built and tested for (package.json engines, esbuild target).',
      },
    ]);
  }
}
