import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './names';

/**
 * The process's Powertools Tracer (AWS X-Ray). Active only inside Lambda with active tracing; elsewhere
 * (npm start, tests) every call is a no-op. It never records a response or a request body: the
 * annotations are the route and the outcome (shared/telemetry/invocation.ts).
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** An AWS SDK v3 client whose every call becomes a subsegment of the invocation's trace. */
export const traced = <T extends object>(client: T): T => tracer.captureAWSv3Client(client);
