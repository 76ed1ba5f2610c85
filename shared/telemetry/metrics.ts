import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from '../config';
import { logger } from '../logger';
import type { BusinessMetrics } from '../services/ports-telemetry';
import { deliveryMetric, METRIC, metricNamespace, refusedMetric, SERVICE_NAME } from './names';

/**
 * The process's Powertools Metrics: CloudWatch embedded metric format (EMF) lines on stdout, which Lambda
 * sends to the function's log group and CloudWatch turns into metrics, at no API call. Every invocation
 * writes one line (shared/telemetry/invocation.ts flushes it); the first of a cold function one more,
 * `ColdStart`. Locally the same lines go to the server's output. `POWERTOOLS_METRICS_DISABLED=true` turns
 * them off (the tests do, but the one that reads them).
 */
export const metrics = new Metrics({
  namespace: metricNamespace(config.stage),
  serviceName: SERVICE_NAME,
  // Powertools' own warnings go through the project's logger, so LOG_LEVEL governs them.
  logger,
});

const count = (name: string): void => {
  metrics.addMetric(name, MetricUnit.Count, 1);
};

/** The services' BusinessMetrics port, written into the invocation's line. */
export const businessMetrics: BusinessMetrics = {
  bookingMade: () => count(METRIC.bookingsMade),
  bookingRefused: (reason) => {
    count(METRIC.bookingsRefused);
    count(refusedMetric(reason));
  },
  cancelled: () => count(METRIC.cancellations),
  moved: () => count(METRIC.moves),
  delivery: (result) => count(deliveryMetric(result)),
  email: (result) => count(result === 'sent' ? METRIC.emailsSent : METRIC.emailsFailed),
};
