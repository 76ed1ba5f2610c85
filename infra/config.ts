import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Everything that differs between stages, in one typed place. */
export interface StageConfig {
  name: 'staging' | 'production';
  /** v1 debug mode (DECISIONS.md: on in staging, off in production). */
  debugMode: boolean;
  logLevel: 'debug' | 'info';
  logRetention: RetentionDays;
  /** Production keeps its table when the stack is deleted, and refuses to delete it. */
  tableRemovalPolicy: RemovalPolicy;
  tableDeletionProtection: boolean;
  memorySize: number;
  timeoutSeconds: number;
  alarms: { serverErrorsPer5Min: number; p99LatencyMs: number; throttlesPer5Min: number };
}

export const STAGES: Record<StageConfig['name'], StageConfig> = {
  staging: {
    name: 'staging',
    debugMode: true,
    logLevel: 'debug',
    logRetention: RetentionDays.TWO_WEEKS,
    tableRemovalPolicy: RemovalPolicy.DESTROY,
    tableDeletionProtection: false,
    memorySize: 512,
    timeoutSeconds: 10,
    alarms: { serverErrorsPer5Min: 5, p99LatencyMs: 2000, throttlesPer5Min: 1 },
  },
  production: {
    name: 'production',
    debugMode: false,
    logLevel: 'info',
    logRetention: RetentionDays.THREE_MONTHS,
    tableRemovalPolicy: RemovalPolicy.RETAIN,
    tableDeletionProtection: true,
    memorySize: 1024,
    timeoutSeconds: 10,
    alarms: { serverErrorsPer5Min: 1, p99LatencyMs: 1000, throttlesPer5Min: 1 },
  },
};
