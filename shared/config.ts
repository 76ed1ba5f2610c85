import { DEFAULT_REGION, DEFAULT_TABLE_NAME } from './core/defaults';
import { type Limits, NO_LIMITS } from './core/limits';

/** `scheme://host[:port]`, nothing after: what a browser sends as Origin. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/*
 * The environment the handlers run with, parsed once at cold start; nothing else reads process.env. Each
 * reader below takes one variable and throws naming it when its value breaks the rule. They are written
 * here rather than as a zod schema: every function builds and parses this at cold start, and the schema
 * (about sixty zod instances, even in the `mini` flavour) took 19 ms of a cold start where these take 2 ms,
 * measured alone (docs/design/observability.md, "Cold starts as Lambda runs them"). Requests are still
 * validated with zod (shared/shapes/fields.ts).
 */
type Env = NodeJS.ProcessEnv;
const refuse = (name: string, rule: string): never => {
  throw new Error(`${name}: ${rule}`);
};

/** The text of a variable, or `fallback` when it is unset (an empty value is a value). */
const textOf = (env: Env, name: string, fallback: string, minLength = 0): string => {
  const value = env[name] ?? fallback;
  return value.length >= minLength ? value : refuse(name, `must be at least ${minLength} characters`);
};

/** One of `values`, or `fallback` when unset. */
function oneOf<const T extends readonly string[]>(
  env: Env,
  name: string,
  values: T,
  fallback: T[number],
): T[number];
function oneOf<const T extends readonly string[]>(env: Env, name: string, values: T): T[number] | undefined;
function oneOf<const T extends readonly string[]>(env: Env, name: string, values: T, fallback?: T[number]) {
  const value = env[name];
  if (value === undefined) return fallback;
  return values.includes(value) ? value : refuse(name, `must be one of ${values.join(', ')}`);
}

/** A URL variable that may be unset or empty (CloudFormation writes '' for an absent value). */
const optionalUrlOf = (env: Env, name: string): string | undefined => {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  return URL.canParse(value) ? value : refuse(name, 'must be a URL');
};

/** A number read from a variable's text (as JavaScript's Number reads it), within the bounds given. */
function numberOf(
  env: Env,
  name: string,
  rule: { whole: boolean; min: number; max?: number; above?: boolean },
): number | undefined {
  const text = env[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  const inBounds =
    Number.isFinite(value) &&
    (!rule.whole || Number.isSafeInteger(value)) &&
    (rule.above ? value > rule.min : value >= rule.min) &&
    (rule.max === undefined || value <= rule.max);
  if (inBounds) return value;
  const kind = rule.whole ? 'a whole number' : 'a number';
  const low = rule.above ? `above ${rule.min}` : `from ${rule.min}`;
  return refuse(name, `must be ${kind} ${low}${rule.max === undefined ? '' : ` to ${rule.max}`}`);
}

/** A number read, at most `max`; undefined stays undefined. */
const clampOf = (value: number | undefined, max: number): number | undefined =>
  value === undefined ? undefined : Math.min(value, max);

/** Origins browsers may call from, comma-separated: `*` or exact origins; unset: undefined. */
const originsOf = (env: Env, name: string): string[] | undefined =>
  env[name]
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) =>
      origin === '*' || ORIGIN.test(origin) ? origin : refuse(name, `not an origin: ${origin}`),
    );

export type Config = Readonly<{
  tableName: string;
  dynamoEndpoint: string | undefined;
  region: string;
  /** Tries per store request (AWS_MAX_ATTEMPTS); undefined: the client's default (shared/db/client.ts). */
  storeMaxAttempts: number | undefined;
  /** The function's own timeout (FUNCTION_TIMEOUT_SECONDS, set by infra; 30 s unless set): store timeouts derive from it. */
  functionTimeoutSeconds: number;
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
  /**
   * How long an instance keeps an entity's limits: as long as a token deployed (TOKEN_CACHE_SECONDS, 5 s
   * unless set), 5 s under `npm start` unless either is set; LIMITS_CACHE_MS (0 to 5000 ms) says otherwise.
   * Never past the contract's 5 s (docs/CONTRACT.md#credentials-in-force).
   */
  limitsCacheMs: number;
  /**
   * How long a booking pending confirmation by e-mail holds its place (30 minutes; the local stage may
   * shorten it for tests: CONFIRM_HOLD_MS).
   */
  confirmHoldMs: number;
  /**
   * How long an instance keeps what it read of a token (TOKEN_CACHE_SECONDS, 0 to 5, 5 unless set): the
   * contract's bound for a rotation, a removed key or a settings change to reach every request.
   */
  tokenCacheMs: number;
  healthDeadlineMs: number;
  /** The X-Origin-Verify value requests must carry (the stage sits behind CloudFront), or none: local only. */
  originSecret: string | undefined;
  /**
   * Deployed behind CloudFront: the ARN of the origin secret, whose values an instance reads from Secrets
   * Manager and keeps `originSecretCacheMs` (shared/http/origin-secrets.ts); no value is in the environment.
   */
  originSecretArn: string | undefined;
  originSecretCacheMs: number;
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
  const stage = oneOf(env, 'STAGE', ['local', 'staging', 'production'], 'local');
  const debugMode = oneOf(env, 'DEBUG_MODE', ['on', 'off']);
  const limitsClockMs = numberOf(env, 'LIMITS_CLOCK_MS', { whole: true, min: 0, above: true });
  if (limitsClockMs !== undefined && stage !== 'local') {
    throw new Error('LIMITS_CLOCK_MS is for the local stage only');
  }
  const confirmHoldMs = numberOf(env, 'CONFIRM_HOLD_MS', {
    whole: true,
    min: 0,
    above: true,
    max: 1_800_000,
  });
  if (confirmHoldMs !== undefined && stage !== 'local') {
    throw new Error('CONFIRM_HOLD_MS is for the local stage only');
  }
  const tokenCacheSeconds = numberOf(env, 'TOKEN_CACHE_SECONDS', { whole: false, min: 0, max: 5 });
  return Object.freeze({
    tableName: textOf(env, 'TABLE_NAME', DEFAULT_TABLE_NAME, 3),
    // Set locally (DynamoDB Local, SAM); unset or empty on AWS, where the SDK finds the regional endpoint.
    dynamoEndpoint: optionalUrlOf(env, 'DYNAMODB_ENDPOINT'),
    region: textOf(env, 'AWS_REGION', DEFAULT_REGION, 1),
    // The AWS SDK's own setting: tries per store request, the first included (unset: 5 locally, 3 on AWS).
    storeMaxAttempts: numberOf(env, 'AWS_MAX_ATTEMPTS', { whole: true, min: 1, max: 10 }),
    // Set by the stack to each function's timeout (infra/stacks/route-functions.ts); unset (npm start,
    // tests): 30 s, about API Gateway's own limit, which the local server's context keeps too.
    functionTimeoutSeconds:
      numberOf(env, 'FUNCTION_TIMEOUT_SECONDS', { whole: true, min: 1, max: 900 }) ?? 30,
    stage,
    debugModeEnabled: debugMode ? debugMode === 'on' : stage !== 'production',
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'silent'], 'info'),
    corsAllowedOrigins: Object.freeze(
      originsOf(env, 'CORS_ALLOWED_ORIGINS') ?? (stage === 'local' ? ['*'] : []),
    ),
    // Webhook deliveries on AWS: the delivery queue and its dead-letter queue (unset locally).
    deliveryQueueUrl: optionalUrlOf(env, 'DELIVERY_QUEUE_URL'),
    deadLetterQueueUrl: optionalUrlOf(env, 'DEAD_LETTER_QUEUE_URL'),
    // Open days on AWS: one job per entity's run on this queue, and its dead-letter queue (unset locally).
    openDaysQueueUrl: optionalUrlOf(env, 'OPEN_DAYS_QUEUE_URL'),
    openDaysDeadLetterQueueUrl: optionalUrlOf(env, 'OPEN_DAYS_DEAD_LETTER_QUEUE_URL'),
    // Multiplies the webhook retry schedule (tests and demos shorten it); 1 everywhere else.
    webhookRetryScale:
      numberOf(env, 'WEBHOOK_RETRY_SCALE', { whole: false, min: 0, above: true, max: 1 }) ?? 1,
    defaultLimits: Object.freeze(parseLimits(env.DEFAULT_LIMITS)),
    limitsClockMs,
    confirmHoldMs: confirmHoldMs ?? 1_800_000,
    // As long as a token (TOKEN_CACHE_SECONDS; 5 s deployed); under `npm start`, which keeps no token, 5 s
    // too unless set, so that a local request does not pay a read of the limits beside its token's.
    limitsCacheMs:
      // Up to 60000 was accepted before the contract bound it to 5 s: such a value now acts as 5000.
      clampOf(numberOf(env, 'LIMITS_CACHE_MS', { whole: true, min: 0, max: 60_000 }), 5_000) ??
      (tokenCacheSeconds ?? 5) * 1_000,
    // Deployed, 5 s; under `npm start` (one process, no read billed) every change is seen at once.
    tokenCacheMs: (tokenCacheSeconds ?? (stage === 'local' ? 0 : 5)) * 1_000,
    healthDeadlineMs:
      numberOf(env, 'HEALTH_DEADLINE_MS', { whole: true, min: 0, above: true, max: 30_000 }) ?? 2_000,
    // Behind CloudFront: the X-Origin-Verify value every request must carry (infra/origin-secret.ts).
    originSecret: env.ORIGIN_SECRET || undefined,
    originSecretArn: env.ORIGIN_SECRET_ARN || undefined,
    originSecretCacheMs:
      (numberOf(env, 'ORIGIN_SECRET_CACHE_SECONDS', { whole: true, min: 0, max: 3600 }) ?? 300) * 1_000,
  });
}

export const config: Config = parseConfig(process.env);

/**
 * docs/CONTRACT.md#addresses: the stage's public base URL, which every address the API writes starts with
 * (never the request's Host or X-Forwarded-*). `PUBLIC_BASE_URL`: on AWS the API's own endpoint, set by
 * the stack; under `npm start` the server's own address, set once it listens (so this reads the variable
 * at each call). Unset: `http://localhost` locally (handler tests), an error on a deployed stage.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.PUBLIC_BASE_URL;
  if (value) {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (!url || !/^https?:$/.test(url.protocol)) return refuse('PUBLIC_BASE_URL', 'must be an http(s) URL');
    return value.replace(/\/+$/, '');
  }
  if (config.stage === 'local') return 'http://localhost';
  throw new Error('PUBLIC_BASE_URL is not set: a deployed stage names its public address');
}
