import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Limits } from '../shared/domain/access/limits';

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
  /** Where every alarm of the stage goes: an e-mail subscription of its topic (`-c staging.alarmEmail=...`); none when unset. */
  alarmEmail?: string | undefined;
  /**
   * Client e-mails (docs/NOTIFICATIONS.md): the sender, an address of the SES identity (a verified domain,
   * or that address) the mail function alone may send from, and the alarms on what SES counts.
   */
  mail: { from: string; identity: string; bouncesPerHour: number; complaintsPerHour: number };
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
    mail: {
      from: 'Booking (staging) <no-reply@staging.booking.example.com>',
      identity: 'staging.booking.example.com',
      bouncesPerHour: 5,
      complaintsPerHour: 1,
    },
    alarms: {
      serverErrorsPer5Min: 5,
      p99LatencyMs: 2000,
      throttlesPer5Min: 1,
      functionErrorsPer5Min: 5,
      iteratorAgeMs: 300_000,
      tableThrottlesPer5Min: 10,
      storeRefusalsPer5Min: 5,
    },
  },
  production: {
    name: 'production',
    stackPrefix: 'Booking-Production',
    debugMode: false,
    logLevel: 'info',
    // None until the web client's origin is known: `-c production.corsAllowedOrigins=https://...`.
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
    mail: {
      from: 'Booking <no-reply@booking.example.com>',
      identity: 'booking.example.com',
      bouncesPerHour: 10,
      complaintsPerHour: 1,
    },
    alarms: {
      serverErrorsPer5Min: 1,
      p99LatencyMs: 1000,
      throttlesPer5Min: 1,
      functionErrorsPer5Min: 1,
      iteratorAgeMs: 60_000,
      tableThrottlesPer5Min: 1,
      storeRefusalsPer5Min: 1,
    },
  },
};

/**
 * The Powertools for AWS Lambda (TypeScript) release the functions run with: Logger, Metrics and Tracer
 * (with the X-Ray SDK) come from AWS's public layer of this release, not from the bundles (infra/bundling.ts,
 * BUNDLE_EXTERNALS). It must be the version package.json pins (test/infra/observability-stack.test.ts
 * checks). The layer's ARN for each region is read at deploy from AWS's public SSM parameter of the
 * release (`/aws/service/powertools/typescript/generic/all/<version>`: layer AWSLambdaPowertoolsTypeScriptV2
 * of account 094274105915), so a region never gets another release's layer.
 */
export const POWERTOOLS_VERSION = '2.36.0';
export const powertoolsLayerParameter = (version = POWERTOOLS_VERSION): string =>
  `/aws/service/powertools/typescript/generic/all/${version}`;

/** Context keys the app reads (`npx cdk synth -c key=value`). */
export const CONTEXT = {
  /** Flips a stage's debug mode without editing this file: `-c production.debugMode=on`. */
  debugMode: (stage: StageName) => `${stage}.debugMode`,
  /** Sets a stage's CORS origins, comma-separated: `-c production.corsAllowedOrigins=https://app.example.com`. */
  corsAllowedOrigins: (stage: StageName) => `${stage}.corsAllowedOrigins`,
  /** Subscribes an address to the stage's alarms: `-c staging.alarmEmail=ops@example.com`. */
  alarmEmail: (stage: StageName) => `${stage}.alarmEmail`,
} as const;

/** An e-mail address as SNS takes it (something@host.tld, no spaces). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `*` or `scheme://host[:port]`: what API Gateway and shared/config.ts accept as an allowed origin. */
const ORIGIN = /^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/i;

type ContextReader = (key: string) => unknown;

/** A stage's settings, with the overrides given as context applied and checked. */
export function stageConfig(name: StageName, context: ContextReader = () => undefined): StageConfig {
  const base = STAGES[name];
  return {
    ...base,
    debugMode: debugModeOf(name, context) ?? base.debugMode,
    corsAllowedOrigins: corsOriginsOf(name, context) ?? base.corsAllowedOrigins,
    alarmEmail: alarmEmailOf(name, context) ?? base.alarmEmail,
  };
}

function alarmEmailOf(name: StageName, context: ContextReader): string | undefined {
  const value = context(CONTEXT.alarmEmail(name));
  if (value === undefined || value === '') return undefined;
  if (!EMAIL.test(String(value))) {
    throw new Error(`context ${CONTEXT.alarmEmail(name)}: ${JSON.stringify(value)} is not an e-mail address`);
  }
  return String(value);
}

function debugModeOf(name: StageName, context: ContextReader): boolean | undefined {
  const debugMode = context(CONTEXT.debugMode(name));
  if (debugMode === undefined) return undefined;
  if (debugMode !== 'on' && debugMode !== 'off') {
    throw new Error(
      `context ${CONTEXT.debugMode(name)} must be "on" or "off", not ${JSON.stringify(debugMode)}`,
    );
  }
  return debugMode === 'on';
}

function corsOriginsOf(name: StageName, context: ContextReader): string[] | undefined {
  const value = context(CONTEXT.corsAllowedOrigins(name));
  if (value === undefined) return undefined;
  const origins = String(value)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const wrong = origins.find((origin) => !ORIGIN.test(origin));
  if (wrong !== undefined) {
    throw new Error(
      `context ${CONTEXT.corsAllowedOrigins(name)}: ${JSON.stringify(wrong)} is not * or scheme://host[:port]`,
    );
  }
  return origins;
}
