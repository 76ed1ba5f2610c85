import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each test file gets its own table, so files running in parallel never see each other's data.
process.env.TABLE_NAME = `test-${randomBytes(6).toString('hex')}`;
process.env.STAGE = 'local';
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.AWS_REGION = 'eu-west-3';
// No EMF line on the test's output; the tests of the metrics turn them on (test/kernel/unit/telemetry/telemetry.test.ts).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// The SDK's Node 20 notice is noise in every test worker (shared/local/quiet-sdk.ts says why).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Client e-mails of tests that start the local events go to a folder of their own, never to an SMTP
// server of the environment (docs/NOTIFICATIONS.md); tests that read e-mails give their own receiver.
delete process.env.SMTP_URL;
// aws-cdk-lib checks every synthesized template with its own CloudFormation rules (a WebAssembly engine,
// about half of a synthesis) and only warns. The templates' real check is cfn-lint (`npm run lint:infra`,
// part of `npm run lint` in CI): the infrastructure tests skip the built-in one.
process.env.CDK_VALIDATION ??= 'false';
// Tests read each token again on every request (STAGE local: as under `npm start`), as the store has it at
// that instant: a test that changes a setting or rotates a secret sees it on its next request. The tests of
// the token cache and its 5 s bound turn it on (test/features/access/token-cache.test.ts).
process.env.OUTBOX_DIR = join(tmpdir(), `booking-test-outbox-${process.env.TABLE_NAME}`);
