// As inside Lambda with active tracing: the Tracer is on (set before the modules that read it load).
process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
process.env.LAMBDA_TASK_ROOT = '/var/task';
process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
// Segments go to the X-Ray daemon's UDP port on loopback, where nothing listens in a test.
process.env.AWS_XRAY_DAEMON_ADDRESS = '127.0.0.1:2000';
process.env.AWS_XRAY_CONTEXT_MISSING = 'IGNORE_ERROR';
jest.resetModules();

const tracer = (
  require('../../../../shared/telemetry/tracer') as typeof import('../../../../shared/telemetry/tracer')
).tracer();
const { beginInvocation, endInvocation, runInvocation } =
  require('../../../../shared/telemetry/invocation') as typeof import('../../../../shared/telemetry/invocation');
const { documentClient } = require('../../../../shared/wiring') as typeof import('../../../../shared/wiring');

/**
 * Issue 22, point 2, in a Lambda-like environment: the Tracer is active, the document client's calls are
 * captured, and an invocation's subsegment carries the route, the request id and the outcome as
 * annotations, and no response.
 */
it('is active, and captures the DynamoDB client', () => {
  expect(tracer.isTracingEnabled()).toBe(true);
  const steps = documentClient().middlewareStack.identify().join('\n');
  expect(steps).toMatch(/XRaySDKInstrumentation/);
});

it('annotates an invocation’s subsegment with the route, the request id and the outcome, nothing else', async () => {
  const opened: Array<{ name: string; annotations?: Record<string, unknown>; metadata?: unknown }> = [];
  const parent = tracer.getSegment();
  expect(parent).toBeDefined();
  const add = parent?.addNewSubsegment.bind(parent);
  jest.spyOn(parent as NonNullable<typeof parent>, 'addNewSubsegment').mockImplementation((name: string) => {
    const segment = add?.(name);
    opened.push(segment as never);
    return segment as never;
  });
  await runInvocation(async () => {
    const invocation = beginInvocation('POST /api/v2/appointments', 'fn', 'req-123');
    endInvocation(invocation, { status: 409, code: 'SLOT_UNAVAILABLE' });
  });
  expect(opened.map((s) => s.name)).toEqual(['## POST /api/v2/appointments']);
  expect(opened[0]?.annotations).toEqual({
    ColdStart: expect.any(Boolean),
    Service: 'booking-api',
    route: 'POST /api/v2/appointments',
    request_id: 'req-123',
    status: 409,
    outcome: 'SLOT_UNAVAILABLE',
  });
  expect(opened[0]?.metadata).toBeUndefined();
  // The invocation gave the segment back.
  expect(tracer.getSegment()).toBe(parent);
});
