/**
 * The values of the origin secret a request may carry (the X-Origin-Verify header CloudFront adds,
 * shared/http/middleware/origin-check.ts). Locally (`npm start`, tests) the one value of ORIGIN_SECRET, if
 * any. Deployed behind CloudFront the functions get no value in their environment, only the secret's ARN
 * (ORIGIN_SECRET_ARN, infra/origin-secret.ts): an instance reads the secret's current and previous versions
 * from Secrets Manager when it first needs them and keeps them ORIGIN_SECRET_CACHE_SECONDS (300 unless set),
 * so that after a rotation (`put-secret-value`) both the value CloudFront still sends and the new one it
 * sends after the next deploy are accepted (docs/DEPLOY.md, "Rotating the origin secret").
 */
import { config } from '../config';
import { stalled } from '../core/errors';
import { logger } from '../logger';

export type SecretVersionStage = 'AWSCURRENT' | 'AWSPREVIOUS';

/** One version of the secret, or undefined when it has none (a secret never rotated has no previous). */
export type ReadSecretVersion = (stage: SecretVersionStage) => Promise<string | undefined>;

export interface OriginSecretsDeps {
  read: ReadSecretVersion;
  /** How long the values read are kept. */
  ttlMs: number;
  now?: () => number;
}

/**
 * The accepted values, read at most once per `ttlMs` (one read at a time, whoever asks). A read that fails
 * keeps the values read before, if any, until a later read succeeds; with none yet, it throws (the request
 * fails as a fault, never as a request let through).
 */
export function originSecretReader(deps: OriginSecretsDeps): () => Promise<readonly string[]> {
  const now = deps.now ?? Date.now;
  let kept: { values: readonly string[]; until: number } | undefined;
  let reading: Promise<readonly string[]> | undefined;
  const readBoth = async (): Promise<readonly string[]> => {
    const [current, previous] = await Promise.all([deps.read('AWSCURRENT'), deps.read('AWSPREVIOUS')]);
    if (!current) throw new Error('the origin secret has no current value');
    return previous && previous !== current ? [current, previous] : [current];
  };
  return async () => {
    if (kept && now() < kept.until) return kept.values;
    reading ??= readBoth()
      .then((values) => {
        kept = { values, until: now() + deps.ttlMs };
        return values;
      })
      .catch((error: unknown) => {
        if (kept) return kept.values;
        throw error;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}

/** Secrets Manager's GetSecretValue of one version stage (the SDK of the Lambda runtime, loaded on first use). */
const secretsManagerRead = (arn: string): ReadSecretVersion => {
  let client: import('@aws-sdk/client-secrets-manager').SecretsManagerClient | undefined;
  return async (stage) => {
    const sdk =
      require('@aws-sdk/client-secrets-manager') as typeof import('@aws-sdk/client-secrets-manager');
    client ??= new sdk.SecretsManagerClient({});
    try {
      const answer = await client.send(new sdk.GetSecretValueCommand({ SecretId: arn, VersionStage: stage }));
      return answer.SecretString;
    } catch (error) {
      // A secret never rotated has no AWSPREVIOUS version.
      if (stage === 'AWSPREVIOUS' && (error as { name?: string }).name === 'ResourceNotFoundException')
        return undefined;
      throw error;
    }
  };
};

const deployed = config.originSecretArn
  ? originSecretReader({
      read: secretsManagerRead(config.originSecretArn),
      ttlMs: config.originSecretCacheMs,
    })
  : undefined;
const local: readonly string[] = config.originSecret ? [config.originSecret] : [];

/**
 * The origin secret's accepted values for this stage: none when it is not behind CloudFront (every request
 * is let through), the environment's value locally, the secret's current and previous values deployed.
 */
export const originSecrets = async (): Promise<readonly string[]> => {
  if (!deployed) return local;
  return deployed().catch((error: unknown) => {
    // Nothing read yet: the request is answered 503 (retry), never let through without the check.
    logger.error('the origin secret could not be read', { error });
    throw stalled();
  });
};
