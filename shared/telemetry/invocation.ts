import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metrics } from './metrics';
import { METRIC, ROUTE_DIMENSION, requestsMetric, statusClassOf } from './names';
import { tracer } from './tracer';

type Segment = NonNullable<ReturnType<typeof tracer.getSegment>>;

/** One invocation being measured: its route (or event function), start, and trace subsegment if traced. */
export interface Invocation {
  route: string;
  startedAt: number;
  parent?: Segment;
  segment?: Segment;
}

/** How an invocation ended, as far as the traces and metrics may tell: never a body or a client's data. */
export interface Outcome {
  /** HTTP status of the answer (HTTP functions). */
  status?: number | undefined;
  /** The error code of the answer (`SLOT_UNAVAILABLE`, `RATE_LIMITED`, ...), or `ok`. */
  code?: string | undefined;
  /** A failure nobody answered for (a 5xx, a thrown batch): its stack goes to the trace's metadata. */
  error?: unknown;
}

/**
 * Opens an invocation: the ColdStart metric on the first one of a Lambda instance, the route dimension of
 * this invocation's metrics (per service and per service and route), and under active tracing a `## route`
 * subsegment annotated with the cold start, the service, the route and the request id (API Gateway's, the
 * one of the X-Request-Id header and the log line).
 */
export function beginInvocation(route: string, functionName?: string, requestId?: string): Invocation {
  metrics.captureColdStartMetric(functionName);
  // Not a dimension (one per request): a field of the EMF line, so Logs Insights finds it by request id.
  if (requestId) metrics.addMetadata('request_id', requestId);
  metrics.addDimensions({ [ROUTE_DIMENSION]: route });
  // An empty set: the same metrics per service alone, the totals the dashboard and alarms read.
  metrics.addDimensions({});
  const invocation: Invocation = { route, startedAt: performance.now() };
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (parent) {
    const segment = parent.addNewSubsegment(`## ${route}`);
    tracer.setSegment(segment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    tracer.putAnnotation(ROUTE_DIMENSION, route);
    if (requestId) tracer.putAnnotation('request_id', requestId);
    invocation.parent = parent;
    invocation.segment = segment;
  }
  return invocation;
}

/**
 * Closes an invocation: the request metrics (HTTP: Requests, Requests<class>, Latency; events:
 * Invocations), the outcome annotations, the subsegment, then the one flush of the invocation's metrics.
 */
export function endInvocation(invocation: Invocation, outcome: Outcome): void {
  const ms = performance.now() - invocation.startedAt;
  if (outcome.status !== undefined) {
    metrics.addMetric(METRIC.requests, MetricUnit.Count, 1);
    metrics.addMetric(requestsMetric(statusClassOf(outcome.status)), MetricUnit.Count, 1);
    metrics.addMetric(METRIC.latency, MetricUnit.Milliseconds, Math.round(ms * 10) / 10);
  } else {
    metrics.addMetric(METRIC.invocations, MetricUnit.Count, 1);
  }
  const { segment, parent } = invocation;
  if (segment && parent) {
    if (outcome.status !== undefined) tracer.putAnnotation('status', outcome.status);
    tracer.putAnnotation('outcome', outcome.code ?? (outcome.error ? 'error' : 'ok'));
    if (outcome.error instanceof Error) tracer.addErrorAsMetadata(outcome.error);
    segment.close();
    tracer.setSegment(parent);
  }
  metrics.publishStoredMetrics();
}

/** Runs a non-HTTP invocation (stream batch, queue batch, schedule) between begin and end. */
export async function instrumented<T>(route: string, run: () => Promise<T>): Promise<T> {
  const invocation = beginInvocation(route);
  try {
    const result = await run();
    endInvocation(invocation, { code: 'ok' });
    return result;
  } catch (error) {
    endInvocation(invocation, { code: 'error', error });
    throw error;
  }
}
