import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Limits } from '../../shared/features/access/domain/limits';

export type StageName = 'staging' | 'production';

/** Everything that differs between stages, in one typed place (the stacks read nothing else). */
export interface StageConfig {
  name: StageName;
  /** Stack id prefix: `Booking-Staging-Data`, `Booking-Staging-Api`, ... */
  stackPrefix: string;
  /** v1 debug mode, the functions' DEBUG_MODE (docs/CONTRACT.md#v1-in-short: on in staging, off in production). */
  debugMode: boolean;
  logLevel: 'debug' | 'info';
  /**
   * Origins browsers may call the API from (API Gateway's CORS preflight and the functions'
   * CORS_ALLOWED_ORIGINS): `*` or exact origins; empty, no browser origin.
   */
  corsAllowedOrigins: readonly string[];
  /** Retention of the function logs and the API access logs. */
  logRetention: RetentionDays;
  /** What happens to the log groups when the stack is deleted. */
  logRemovalPolicy: RemovalPolicy;
  table: {
    /** Production keeps its table when the stack is deleted, and refuses to delete it. */
    removalPolicy: RemovalPolicy;
    deletionProtection: boolean;
  };
  functions: { memorySize: number; timeoutSeconds: number };
  /** Stage-wide API Gateway throttling (requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /**
   * Default fair limits of every entity (docs/CONTRACT.md#limits, chosen in docs/design/limits.md); an operator
   * sets an entity's own with `npm run admin -- set-limits`. 0 = no limit.
   */
  limits: Limits;
  /** Where every alarm of the stage goes: an e-mail subscription of its topic (`<stage>.alarmEmail`); none when unset. */
  alarmEmail?: string | undefined;
  /** `<stage>.alarms=off`: no alarm address, on purpose (production is synthesized without one only so). */
  alarmsOff: boolean;
  /** `<stage>.wafCount=true`: CloudFront's web ACL runs AWS's managed rules in count mode (nothing blocked by them). */
  wafCount: boolean;
  /**
   * The origin secret's version CloudFront sends (`<stage>.originSecretVersion`, a Secrets Manager version
   * id): a new id after `put-secret-value` changes the template, so a deploy gives CloudFront the new value
   * (docs/DEPLOY.md, "Rotating the origin secret"). Unset: the secret's current version at the first deploy.
   */
  originSecretVersion?: string | undefined;
  /**
   * Client e-mails (docs/NOTIFICATIONS.md). `domain` (`<stage>.mailDomain`) is the SES identity the stack
   * declares (with DKIM) and the only one the mail function may send from; `from` is `no-reply@<domain>`
   * unless `<stage>.mailFrom`. Without a domain the stage deploys with e-mails off: nothing is sent.
   */
  mail: {
    domain?: string | undefined;
    from?: string | undefined;
    /** SES sandbox: the verified addresses the stage may send to (`staging.sandboxRecipients`). */
    sandboxRecipients: readonly string[];
    /** `<stage>.mail=off`: e-mails off on purpose (no EmailsOff alarm; production needs a domain or this). */
    off: boolean;
    /** The account's SES sending rate (`<stage>.mailsPerSecond`): the mail consumer keeps under it. */
    perSecond: number;
    bouncesPerHour: number;
    complaintsPerHour: number;
    /** SES reputation: the account's bounce and complaint rates (SES reviews an account above 5 % and 0.1 %). */
    bounceRate: number;
    complaintRate: number;
  };
  /** A custom domain (`<stage>.domainName` with `<stage>.certificateArn`); then the execute-api endpoint is off. */
  domain?: { name: string; certificateArn: string } | undefined;
  /** `cloudfront` (`production.edge`): CloudFront with an AWS WAF web ACL in front of the API. */
  edge: 'api' | 'cloudfront';
  /** The stage's own account and region (`<stage>.account`, `<stage>.region`); the CLI's when unset. */
  account?: string | undefined;
  region?: string | undefined;
  /**
   * Executions reserved for each booking function (`<stage>.reservedConcurrency`; 0: none, the default).
   * None by default: Lambda keeps 100 of an account's executions unreserved, and a new account may have a
   * limit of 10, so any reservation would fail a first deploy (docs/DEPLOY.md, step 1).
   */
  reservedConcurrency: number;
  /** The functions' architecture (`-c architecture=x86_64` for a local synth on an x86 host). */
  architecture: 'arm64' | 'x86_64';
  /** Powertools from AWS's public layer (`aws`), or a layer asset built from node_modules (`local`, for SAM). */
  powertoolsLayer: 'aws' | 'local';
  alarms: {
    /** API 5xx answers per 5 minutes. */
    serverErrorsPer5Min: number;
    /** Errors of one function per 5 minutes (a thrown handler, a timeout, a crash). */
    functionErrorsPer5Min: number;
    /** Age (ms) of the oldest stream record a stream function has not handled yet, three 5-minute periods running. */
    iteratorAgeMs: number;
    /** Throttled reads and writes of the table (and its indexes) per 5 minutes. */
    tableThrottlesPer5Min: number;
    /** Bookings refused because the store failed (not the request) per 5 minutes. */
    storeRefusalsPer5Min: number;
    /** API p99 latency (ms), over three 5-minute periods. */
    p99LatencyMs: number;
    /** Throttled invocations of one function per 5 minutes. */
    throttlesPer5Min: number;
    /** Age (seconds) of a work queue's oldest message (queues keep messages 4 days). */
    queueAgeSeconds: number;
  };
}

export const STAGES: Readonly<Record<StageName, StageConfig>> = {
  staging: {
    name: 'staging',
    stackPrefix: 'Booking-Staging',
    debugMode: true,
    logLevel: 'debug',
    // Tokens travel in a header, never in a cookie: any origin may try the staging API.
    corsAllowedOrigins: ['*'],
    logRetention: RetentionDays.TWO_WEEKS,
    logRemovalPolicy: RemovalPolicy.DESTROY,
    table: { removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false },
    functions: { memorySize: 512, timeoutSeconds: 10 },
    throttle: { rateLimit: 50, burstLimit: 100 },
    limits: {
      requests_per_minute: 300,
      bookings_per_minute: 30,
      public_requests_per_minute: 300,
      public_bookings_per_minute: 30,
      visitor_requests_per_minute: 60,
      visitor_bookings_per_hour: 10,
    },
    alarmsOff: false,
    wafCount: false,
    mail: {
      off: false,
      sandboxRecipients: [],
      // The SES sandbox's rate.
      perSecond: 1,
      bouncesPerHour: 5,
      complaintsPerHour: 1,
      bounceRate: 0.05,
      complaintRate: 0.001,
    },
    edge: 'api',
    reservedConcurrency: 0,
    architecture: 'arm64',
    powertoolsLayer: 'aws',
    alarms: {
      serverErrorsPer5Min: 5,
      p99LatencyMs: 2000,
      throttlesPer5Min: 1,
      functionErrorsPer5Min: 5,
      iteratorAgeMs: 300_000,
      tableThrottlesPer5Min: 10,
      storeRefusalsPer5Min: 5,
      queueAgeSeconds: 3600,
    },
  },
  production: {
    name: 'production',
    stackPrefix: 'Booking-Production',
    debugMode: false,
    logLevel: 'info',
    // None until the web client's origin is known: `production.corsAllowedOrigins` in cdk.json.
    corsAllowedOrigins: [],
    logRetention: RetentionDays.THREE_MONTHS,
    logRemovalPolicy: RemovalPolicy.RETAIN,
    table: { removalPolicy: RemovalPolicy.RETAIN, deletionProtection: true },
    functions: { memorySize: 1024, timeoutSeconds: 10 },
    throttle: { rateLimit: 500, burstLimit: 1000 },
    limits: {
      requests_per_minute: 600,
      bookings_per_minute: 60,
      public_requests_per_minute: 600,
      public_bookings_per_minute: 60,
      visitor_requests_per_minute: 60,
      visitor_bookings_per_hour: 10,
    },
    alarmsOff: false,
    wafCount: false,
    mail: {
      off: false,
      sandboxRecipients: [],
      // SES's first production quota.
      perSecond: 14,
      bouncesPerHour: 10,
      complaintsPerHour: 1,
      bounceRate: 0.05,
      complaintRate: 0.001,
    },
    edge: 'api',
    // None unless `production.reservedConcurrency` asks (the account's limit must allow it).
    reservedConcurrency: 0,
    architecture: 'arm64',
    powertoolsLayer: 'aws',
    alarms: {
      serverErrorsPer5Min: 1,
      p99LatencyMs: 1000,
      throttlesPer5Min: 1,
      functionErrorsPer5Min: 1,
      iteratorAgeMs: 60_000,
      tableThrottlesPer5Min: 1,
      storeRefusalsPer5Min: 1,
      queueAgeSeconds: 3600,
    },
  },
};

/**
 * The Powertools for AWS Lambda (TypeScript) release the functions run with: Logger, Metrics and Tracer
 * (with the X-Ray SDK) come from AWS's public layer of this release, not from the bundles (infra/bundling.ts,
 * BUNDLE_EXTERNALS). It must be the version package.json pins (test/infra/stages/observability.ts
 * checks). The layer's ARN for each region is read at deploy from AWS's public SSM parameter of the
 * release (`/aws/service/powertools/typescript/generic/all/<version>`: layer AWSLambdaPowertoolsTypeScriptV2
 * of account 094274105915), so a region never gets another release's layer.
 */
export const POWERTOOLS_VERSION = '2.36.0';
export const powertoolsLayerParameter = (version = POWERTOOLS_VERSION): string =>
  `/aws/service/powertools/typescript/generic/all/${version}`;
