import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
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
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { CORS } from '../../shared/http/middleware/cors-policy';
import {
  FEED_ROUTE,
  NOT_FOUND_ENTRY,
  PAGE_ROUTES,
  PREFLIGHT_ENTRY,
  PUBLISHABLE_ROUTES,
  ROUTES,
  type RouteDef,
  routeName,
} from '../../shared/routes';
import { addDashboard } from '../dashboard';
import { addStoreRefusalAlarm, alarmOn } from '../observability';
import { ORIGIN_SECRET_ARN_VARIABLE, OriginSecret } from '../origin-secret';
import { grantSignInMail, SIGN_IN_ENTRY } from '../sign-in-mail';
import type { StageConfig } from '../stage/config';
import { tableGrants } from '../table-access';
import { addDistribution } from './edge-stack';
import {
  addRouteFunction,
  BOOKING_ENTRIES,
  functionId,
  functionStacksOf,
  NOT_FOUND_NAME,
  RouteFunctionsStack,
} from './route-functions';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  table: ITableV2;
  /** The routes served (the route table and the staff feed's address unless a test gives others). */
  routes?: readonly RouteDef[];
  /** The web ACL of CloudFront in front of the API (edge-stack.ts), when the stage's edge is `cloudfront`. */
  webAclArn?: string | undefined;
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
    this.originSecret =
      stage.edge === 'cloudfront'
        ? new OriginSecret(this, 'OriginSecret', { versionId: stage.originSecretVersion })
        : undefined;
    // The secret's ARN, never its value: each function may read it (origin-secret.ts).
    const environment: Record<string, string> = this.originSecret
      ? { [ORIGIN_SECRET_ARN_VARIABLE]: this.originSecret.secret.secretArn }
      : {};
    const common = { stage, table, environment };
    const addFunction = (scope: Stack, props: Parameters<typeof addRouteFunction>[1]) => {
      const fn = addRouteFunction(scope, props);
      this.originSecret?.secret.grantRead(fn);
      return fn;
    };

    // The not-found function has no table action: it answers 404 in the envelope of the path's API.
    const notFound = addFunction(this, {
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
        const fn = addFunction(nested, {
          ...common,
          name,
          entry: route.entry,
          grants: tableGrants(route),
          reservedConcurrency: BOOKING_ENTRIES.includes(route.entry) ? stage.reservedConcurrency : undefined,
        });
        // The addresses the API writes (the staff feed's, docs/CONTRACT.md) start with its public base URL.
        fn.addEnvironment('PUBLIC_BASE_URL', publicBase);
        if (route.entry === SIGN_IN_ENTRY) grantSignInMail(fn, stage);
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
      const preflight = addFunction(this, {
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
