import { randomBytes } from 'node:crypto';

// Each test file gets its own table, so files running in parallel never see each other's data.
process.env.TABLE_NAME = `test-${randomBytes(6).toString('hex')}`;
process.env.STAGE = 'local';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.AWS_REGION = 'eu-west-3';
// No EMF line on the test's output; the tests of the metrics turn them on (test/unit/telemetry.test.ts).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// The SDK's Node 20 notice is noise in every test worker (shared/local/quiet-sdk.ts says why).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
