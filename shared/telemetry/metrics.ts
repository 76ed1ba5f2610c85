import type { Metrics } from '@aws-lambda-powertools/metrics';
import { config } from '../config';
import { logger } from '../logger';
import { metricNamespace, SERVICE_NAME } from './names';

let made: Metrics | undefined;

/**
 * The process's Powertools Metrics: CloudWatch embedded metric format (EMF) lines on stdout, which Lambda
 * sends to the function's log group and CloudWatch turns into metrics, at no API call. Every invocation
 * writes one line (shared/telemetry/invocation.ts); the first of a cold function one more, `ColdStart`.
 * Locally the same lines go to the server's output. `POWERTOOLS_METRICS_DISABLED=true` turns them off
 * (the tests do, but those that read them). Made on first use (the first invocation), not when the bundle
 * loads, as the Logger (shared/logger.ts): Powertools' Metrics is a large part of a function's module load.
 */
export function metrics(): Metrics {
  if (!made) {
    const { Metrics: Make } =
      require('@aws-lambda-powertools/metrics') as typeof import('@aws-lambda-powertools/metrics');
    made = new Make({
      namespace: metricNamespace(config.stage),
      serviceName: SERVICE_NAME,
      // Powertools' own warnings go through the project's logger, so LOG_LEVEL governs them.
      logger,
    });
  }
  return made;
}
