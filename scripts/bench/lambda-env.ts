/**
 * The environment of a fresh process the bench measures as a cold function (a bundle's import, the bare
 * handler's, Powertools'), as Lambda's nodejs22.x runtime gives it, made from this process's own:
 *
 * - without NODE_EXTRA_CA_CERTS. Lambda's runtimes from Node 20 on load no CA bundle beyond Node's own
 *   unless a function asks for one, and ours do not. A machine's own (this project's build machines set one)
 *   cost every fresh Node process here about 0.1 s, the bare handler's as much as a bundle's, which hid part
 *   of the bundles' own cost from the ratio (docs/design/observability.md, "Cold starts as Lambda runs them");
 * - without NODE_OPTIONS: the functions set none (their stack traces are mapped when an error is logged,
 *   shared/telemetry/source-stack.ts), and the bench's own must not reach what it measures;
 * - without the AWS SDK's notice about Node 20 (Lambda runs 22), which only the bare handler printed.
 */
export function lambdaProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _machineCertificates, NODE_OPTIONS: _benchOptions, ...own } = process.env;
  return {
    ...own,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  };
}
