import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * Which of Powertools' Tracer and the X-Ray SDK a fresh Node process has loaded after each of `steps`, run
 * in turn in that one process: `[]` or `['tracer']` for each step.
 */
function loaded(env: Record<string, string>, ...steps: string[]): string[][] {
  const look =
    "process.stdout.write('\\n@@' + JSON.stringify(Object.keys(require.cache).filter((p) => /aws-xray-sdk|powertools[\\/]tracer/.test(p)).length > 0 ? ['tracer'] : []) + '\\n')";
  const out = execFileSync(
    process.execPath,
    ['--require', 'tsx/cjs', '-e', steps.map((step) => `${step}; ${look};`).join(' ')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        // The SDK's Node 20 notice, as everywhere locally (shared/local/quiet-sdk.ts).
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
      },
      encoding: 'utf8',
      // The Tracer, run here outside a real invocation, says so on stderr ("Failed to get the current
      // sub/segment…"): kept off the suite's output (a failing child still throws with its stderr).
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Each answer on a line of its own (whatever else the process prints around it).
  return [...out.matchAll(/^@@(.*)$/gm)].map((answer) => JSON.parse(answer[1] ?? '') as string[]);
}

// Issue 31, point 4: the X-Ray SDK is the largest part of a cold load; a bundle loads it on first use.
describe('the Tracer loads on first use only', () => {
  const script =
    "const w = require('./shared/wiring'); const i = require('./shared/telemetry/invocation'); w.documentClient(); i.endInvocation(i.beginInvocation('GET /x'), { status: 200 })";

  it('outside Lambda: a request never loads it', () => {
    expect(loaded({}, script)).toEqual([[]]);
  });

  it('with tracing switched off in Lambda: never loaded either', () => {
    expect(
      loaded({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'false' }, script),
    ).toEqual([[]]);
  });

  it('in Lambda with tracing: not when the modules load, on the first request', () => {
    const lambda = {
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
    };
    // One process: the modules loaded, then a request served (`script` requires them again: from the cache).
    expect(
      loaded(lambda, "require('./shared/wiring'); require('./shared/telemetry/invocation')", script),
    ).toEqual([[], ['tracer']]);
  });
});
