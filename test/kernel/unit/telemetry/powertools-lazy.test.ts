import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * Runs `steps` in turn in one fresh Node process and answers, after each, which of Powertools' Logger and
 * Metrics that process has loaded (`logger`, `metrics`), with what the step printed after `=` if anything.
 */
function loadedAfter(...steps: string[]): string[] {
  const look =
    "process.stdout.write('\\n@@' + ['logger', 'metrics'].filter((name) => Object.keys(require.cache).some((p) => p.includes('powertools/' + name + '/'))).join(',') + '\\n')";
  const script = `(async () => { ${steps.map((step) => `${step}; ${look};`).join(' ')} })().catch((e) => { console.error(e); process.exit(1); })`;
  const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      POWERTOOLS_METRICS_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return [...out.matchAll(/^@@(.*)$/gm)].map((answer) => answer[1] ?? '');
}

// Issue 57, point 4: Powertools' Logger and Metrics were a large part of every function's module load.
describe("Powertools' Logger and Metrics are made on first use", () => {
  it('a function module loads without them; its first request loads both and is answered as before', () => {
    const steps = loadedAfter(
      "const { handler } = require('./functions/v2/settings/get-settings')",
      "const { apiEvent, lambdaContext } = require('./test/support/doubles/middy'); const answer = await handler(apiEvent({ path: '/api/v2/settings', routeKey: 'GET /api/v2/settings' }), lambdaContext()); process.stdout.write('\\n@@status=' + answer.statusCode + '\\n')",
    );
    // The module loaded: neither. The request (no token: 401, before any store read): both, then its status.
    expect(steps).toEqual(['', 'status=401', 'logger,metrics']);
  });

  it('the logger writes through the one Powertools Logger, made at its first line', () => {
    expect(
      loadedAfter(
        "const { logger } = require('./shared/logger')",
        "logger.info('a line')",
        "require('./shared/telemetry/metrics').metrics()",
      ),
    ).toEqual(['', 'logger', 'logger,metrics']);
  });
});
