import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './names';

/**
 * Whether this process traces, by Powertools' own rule (inside Lambda, not under SAM or Amplify's mock,
 * not switched off by POWERTOOLS_TRACE_ENABLED=false), decided without loading Powertools' Tracer: the
 * X-Ray SDK it loads is the largest part of a cold load (docs/design/observability.md, "Cold starts"), and a process that
 * does not trace (npm start, the tests, a function with tracing off) never loads it.
 */
export const mayTrace = (env: NodeJS.ProcessEnv = process.env): boolean =>
  (env.AWS_EXECUTION_ENV ?? '') !== '' &&
  env.AWS_EXECUTION_ENV !== 'AWS_Lambda_amplify-mock' &&
  (env.AWS_SAM_LOCAL ?? '') === '' &&
  (env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase() !== 'false';

let made: Tracer | undefined;

/**
 * The process's Powertools Tracer (AWS X-Ray), loaded on first use, not when the bundle loads. It never
 * records a response or a request body: the annotations are the route and the outcome
 * (shared/telemetry/invocation.ts).
 */
export function tracer(): Tracer {
  if (!made) {
    const { Tracer: Make } =
      require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer');
    made = new Make({ serviceName: SERVICE_NAME });
  }
  return made;
}

/** An AWS SDK v3 client whose every call becomes a subsegment of the invocation's trace (when tracing). */
export const traced = <T extends object>(client: T): T =>
  mayTrace() ? tracer().captureAWSv3Client(client) : client;
