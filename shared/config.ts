import * as mini from 'zod/mini';
import { type Limits, NO_LIMITS } from './domain/access/limits';
import { DEFAULT_REGION, DEFAULT_TABLE_NAME } from './domain/core/defaults';

/** `scheme://host[:port]`, nothing after: what a browser sends as Origin. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** A URL variable that may be unset or empty (CloudFormation writes '' for an absent value). */
export const optionalUrl = () =>
  mini.pipe(
    mini.transform((v: unknown) => (v === '' ? undefined : v)),
    mini.optional(mini.url()),
  );

/** A whole number read from a variable's text, within the checks given. */
const wholeNumber = (...checks: Parameters<ReturnType<typeof mini.int>['check']>) =>
  mini.pipe(mini.coerce.number(), mini.int().check(...checks));

/**
 * The environment the handlers run with, parsed once at cold start; nothing else reads process.env. Built
 * with zod's `mini` flavour: its schemas carry no methods, so this one, built and parsed in every function's
 * cold start, took about half the classic one's time (docs/design/observability.md, "Cold starts as Lambda
 * runs them").
 */
const EnvSchema = mini.object({
  TABLE_NAME: mini._default(mini.string().check(mini.minLength(3)), DEFAULT_TABLE_NAME),
  /** Set locally (DynamoDB Local, SAM); unset or empty on AWS, where the SDK finds the regional endpoint. */
  DYNAMODB_ENDPOINT: optionalUrl(),
  AWS_REGION: mini._default(mini.string().check(mini.minLength(1)), DEFAULT_REGION),
  /** The AWS SDK's own setting: tries per store request, the first included (unset: 5 locally, 3 on AWS). */
  AWS_MAX_ATTEMPTS: mini.optional(wholeNumber(mini.minimum(1), mini.maximum(10))),
  STAGE: mini._default(mini.enum(['local', 'staging', 'production']), 'local'),
  /** v1 debug mode; defaults to on locally and in staging, off in production (docs/CONTRACT.md#v1-in-short). */
  DEBUG_MODE: mini.optional(mini.enum(['on', 'off'])),
  LOG_LEVEL: mini._default(mini.enum(['debug', 'info', 'silent']), 'info'),
  /** Origins browsers may call from, comma-separated: `*` or exact origins; unset: `*` locally, none elsewhere. */
  CORS_ALLOWED_ORIGINS: mini.pipe(
    mini.transform((v: unknown) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : v,
    ),
    mini.optional(
      mini.array(mini.union([mini.literal('*'), mini.string().check(mini.regex(ORIGIN, 'not an origin'))])),
    ),
  ),
  /** Webhook deliveries on AWS: the delivery queue and its dead-letter queue (unset locally). */
  DELIVERY_QUEUE_URL: optionalUrl(),
  DEAD_LETTER_QUEUE_URL: optionalUrl(),
  /** Open days on AWS: one job per entity's run on this queue, and its dead-letter queue (unset locally). */
  OPEN_DAYS_QUEUE_URL: optionalUrl(),
  OPEN_DAYS_DEAD_LETTER_QUEUE_URL: optionalUrl(),
  /** Multiplies the webhook retry schedule (tests and demos shorten it); 1 everywhere else. */
  WEBHOOK_RETRY_SCALE: mini._default(mini.coerce.number().check(mini.positive(), mini.maximum(1)), 1),
  /** The stage's default limits (docs/CONTRACT.md#limits), `name=N` comma-separated; unset: no limit. */
  DEFAULT_LIMITS: mini.optional(mini.string()),
  /**
   * Local stage only (tests through `npm start`): the limits' windows see this fixed instant (milliseconds
   * since the epoch), so a test's requests all fall in one window. Refused on any other stage.
   */
  LIMITS_CLOCK_MS: mini.optional(wholeNumber(mini.positive())),
  /** How long a function instance keeps an entity's limits before reading them again (milliseconds). */
  LIMITS_CACHE_MS: mini._default(wholeNumber(mini.minimum(0), mini.maximum(60_000)), 5_000),
  /** How long GET /api/health waits for the store before answering `degraded` (milliseconds). */
  HEALTH_DEADLINE_MS: mini._default(wholeNumber(mini.positive(), mini.maximum(30_000)), 2_000),
  /** Behind CloudFront: the X-Origin-Verify value every request must carry (infra/origin-secret.ts); unset or empty: none. */
  ORIGIN_SECRET: mini.optional(mini.string()),
});

export type Config = Readonly<{
  tableName: string;
  dynamoEndpoint: string | undefined;
  region: string;
  /** Tries per store request (AWS_MAX_ATTEMPTS); undefined: the client's default (shared/db/client.ts). */
  storeMaxAttempts: number | undefined;
  stage: 'local' | 'staging' | 'production';
  debugModeEnabled: boolean;
  logLevel: 'debug' | 'info' | 'silent';
  corsAllowedOrigins: readonly string[];
  deliveryQueueUrl: string | undefined;
  openDaysQueueUrl: string | undefined;
  openDaysDeadLetterQueueUrl: string | undefined;
  deadLetterQueueUrl: string | undefined;
  webhookRetryScale: number;
  defaultLimits: Readonly<Limits>;
  /** Local stage only: the fixed instant the limits' windows see (LIMITS_CLOCK_MS); unset: the real time. */
  limitsClockMs: number | undefined;
  /** How long an instance keeps an entity's limits (LIMITS_CACHE_MS, 5 s unless set). */
  limitsCacheMs: number;
  healthDeadlineMs: number;
  /** The X-Origin-Verify value requests must carry (the stage sits behind CloudFront), or none. */
  originSecret: string | undefined;
}>;

/** `requests_per_minute=600,bookings_per_minute=60`: each named limit a whole number, 0 = no limit. */
function parseLimits(text: string | undefined): Limits {
  const limits = { ...NO_LIMITS };
  for (const pair of (text ?? '').split(',').filter((p) => p.trim() !== '')) {
    const [name = '', value = ''] = pair.split('=').map((part) => part.trim());
    if (!(name in limits) || !/^\d+$/.test(value)) throw new Error(`DEFAULT_LIMITS: bad entry "${pair}"`);
    limits[name as keyof Limits] = Number(value);
  }
  return limits;
}

/** Parses an environment into the config; exported for tests and tools that build one explicitly. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // A deployed function without STAGE would act as the local stage (debug mode on, every origin): refuse.
  if (!env.STAGE && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('STAGE is not set: a deployed function runs as staging or production, never as local');
  }
  const parsed = EnvSchema.parse(env);
  if (parsed.LIMITS_CLOCK_MS !== undefined && parsed.STAGE !== 'local') {
    throw new Error('LIMITS_CLOCK_MS is for the local stage only');
  }
  return Object.freeze({
    tableName: parsed.TABLE_NAME,
    dynamoEndpoint: parsed.DYNAMODB_ENDPOINT,
    region: parsed.AWS_REGION,
    storeMaxAttempts: parsed.AWS_MAX_ATTEMPTS,
    stage: parsed.STAGE,
    debugModeEnabled: parsed.DEBUG_MODE ? parsed.DEBUG_MODE === 'on' : parsed.STAGE !== 'production',
    logLevel: parsed.LOG_LEVEL,
    corsAllowedOrigins: Object.freeze(parsed.CORS_ALLOWED_ORIGINS ?? (parsed.STAGE === 'local' ? ['*'] : [])),
    deliveryQueueUrl: parsed.DELIVERY_QUEUE_URL,
    deadLetterQueueUrl: parsed.DEAD_LETTER_QUEUE_URL,
    openDaysQueueUrl: parsed.OPEN_DAYS_QUEUE_URL,
    openDaysDeadLetterQueueUrl: parsed.OPEN_DAYS_DEAD_LETTER_QUEUE_URL,
    webhookRetryScale: parsed.WEBHOOK_RETRY_SCALE,
    defaultLimits: Object.freeze(parseLimits(parsed.DEFAULT_LIMITS)),
    limitsClockMs: parsed.LIMITS_CLOCK_MS,
    limitsCacheMs: parsed.LIMITS_CACHE_MS,
    healthDeadlineMs: parsed.HEALTH_DEADLINE_MS,
    originSecret: parsed.ORIGIN_SECRET || undefined,
  });
}

export const config: Config = parseConfig(process.env);

const PublicBaseUrl = mini.pipe(
  mini.url({ protocol: /^https?$/ }),
  mini.transform((url: string) => url.replace(/\/+$/, '')),
);

/**
 * docs/CONTRACT.md#addresses: the stage's public base URL, which every address the API writes starts with
 * (never the request's Host or X-Forwarded-*). `PUBLIC_BASE_URL`: on AWS the API's own endpoint, set by
 * the stack; under `npm start` the server's own address, set once it listens (so this reads the variable
 * at each call). Unset: `http://localhost` locally (handler tests), an error on a deployed stage.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.PUBLIC_BASE_URL;
  if (value) return PublicBaseUrl.parse(value);
  if (config.stage === 'local') return 'http://localhost';
  throw new Error('PUBLIC_BASE_URL is not set: a deployed stage names its public address');
}
