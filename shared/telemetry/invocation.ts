import { AsyncLocalStorage } from 'node:async_hooks';
import type { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { metrics } from './metrics';
import { METRIC, ROUTE_DIMENSION, requestsMetric, statusClassOf } from './names';
import { mayTrace, tracer as theTracer } from './tracer';

type Segment = NonNullable<ReturnType<Tracer['getSegment']>>;
type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];
/**
 * The units this module writes, as Powertools' MetricUnit names them: written out so that loading this
 * module does not load Powertools' Metrics (made on first use, shared/telemetry/metrics.ts).
 */
const COUNT: Unit = 'Count';
const MILLISECONDS: Unit = 'Milliseconds';

/** One invocation being measured: its route (or event function), start, what it counted, its subsegment. */
export interface Invocation {
  route: string;
  startedAt: number;
  requestId?: string | undefined;
  counted: Array<{ name: string; unit: Unit; value: number }>;
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
 * The invocation each piece of code runs for. What it counts is kept with it and handed to Powertools in
 * one synchronous block at its end, so invocations that run at once in one process (the local server, a
 * test) never mix their metrics, and each writes exactly its own EMF line.
 */
const current = new AsyncLocalStorage<Invocation>();
const fresh = (route = ''): Invocation => ({ route, startedAt: performance.now(), counted: [] });

/** Runs `fn` as one invocation (the HTTP stack wraps every request in it). */
export const runInvocation = <T>(fn: () => Promise<T>, route?: string): Promise<T> =>
  current.run(fresh(route), fn);

/** Adds a metric to the invocation being served; outside an invocation (admin CLI, a script) nothing. */
export function count(name: string, unit: Unit = COUNT, value = 1): void {
  current.getStore()?.counted.push({ name, unit, value });
}

/**
 * Opens an invocation: the ColdStart metric on the first one of a Lambda instance and, under active
 * tracing, a `## route` subsegment annotated with the cold start, the service, the route and the request
 * id (API Gateway's, the one of the X-Request-Id header and the log line).
 */
export function beginInvocation(route: string, functionName?: string, requestId?: string): Invocation {
  metrics().captureColdStartMetric(functionName);
  const invocation = current.getStore() ?? fresh();
  invocation.route = route;
  invocation.requestId = requestId;
  invocation.startedAt = performance.now();
  const tracer = mayTrace() ? theTracer() : undefined;
  const parent = tracer?.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (tracer && parent) {
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
 * Invocations), the outcome annotations and the subsegment, then the invocation's one EMF line: its
 * metrics per service and per service and route, the request id as a field (not a dimension).
 */
export function endInvocation(invocation: Invocation, outcome: Outcome): void {
  const ms = performance.now() - invocation.startedAt;
  const { counted } = invocation;
  if (outcome.status !== undefined) {
    counted.push({ name: METRIC.requests, unit: COUNT, value: 1 });
    counted.push({ name: requestsMetric(statusClassOf(outcome.status)), unit: COUNT, value: 1 });
    counted.push({ name: METRIC.latency, unit: MILLISECONDS, value: Math.round(ms * 10) / 10 });
  } else {
    counted.push({ name: METRIC.invocations, unit: COUNT, value: 1 });
  }
  const { segment, parent } = invocation;
  if (segment && parent) {
    const tracer = theTracer();
    if (outcome.status !== undefined) tracer.putAnnotation('status', outcome.status);
    tracer.putAnnotation('outcome', outcome.code ?? (outcome.error ? 'error' : 'ok'));
    if (outcome.error instanceof Error) tracer.addErrorAsMetadata(outcome.error);
    segment.close();
    tracer.setSegment(parent);
  }
  // One synchronous block: nothing of another invocation can come in between.
  const emf = metrics();
  emf.addDimensions({ [ROUTE_DIMENSION]: invocation.route });
  // An empty set: the same metrics per service alone, the totals the dashboard and alarms read.
  emf.addDimensions({});
  if (invocation.requestId) emf.addMetadata('request_id', invocation.requestId);
  for (const { name, unit, value } of counted) emf.addMetric(name, unit, value);
  counted.length = 0;
  emf.publishStoredMetrics();
}

/** Runs a non-HTTP invocation (stream batch, queue batch, schedule) between begin and end. */
export const instrumented = <T>(route: string, run: () => Promise<T>): Promise<T> =>
  runInvocation(async () => {
    const invocation = beginInvocation(route);
    try {
      const result = await run();
      endInvocation(invocation, { code: 'ok' });
      return result;
    } catch (error) {
      endInvocation(invocation, { code: 'error', error });
      throw error;
    }
  }, route);
