import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Deadline, DeadlineHttpHandler, deadlineReached, storeTimeouts } from './deadline';

/**
 * Builds a document client for an endpoint (DynamoDB Local) or for the region's real endpoint.
 * `onCall`, when given, hears the duration of every store call (the wiring passes the request timing).
 */
export function createDocumentClient(options: {
  endpoint?: string | undefined;
  region: string;
  onCall?: (ms: number) => void;
  /** Tries per request, the first included (AWS_MAX_ATTEMPTS); unset: as below. */
  maxAttempts?: number | undefined;
  /** The function's own timeout: each try's timeouts derive from it (./deadline.ts); unset: 30 s. */
  functionTimeoutMs?: number | undefined;
  /** When the request's store work must stop (the wiring reads it from the request's scope). */
  deadline?: Deadline | undefined;
}): DynamoDBDocumentClient {
  const deadline = options.deadline ?? (() => undefined);
  const local = options.endpoint !== undefined;
  const client = new DynamoDBClient({
    region: options.region,
    ...(local
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    // DynamoDB Local (one JVM over SQLite) answers some requests with a transient 5xx when a busy machine
    // starves it: locally a request gets two more tries; on AWS the SDK's standard 3.
    maxAttempts: options.maxAttempts ?? (local ? 5 : 3),
    requestHandler: new DeadlineHttpHandler(storeTimeouts(options.functionTimeoutMs ?? 30_000), deadline),
  });
  // The SDK's logger step copies every input and output through the operation's schema to mask sensitive
  // fields, even for its default logger, which prints nothing: 5 % of a store call's CPU on a page of items
  // (profiled). No logger is given to this client, so the step goes.
  client.middlewareStack.remove('loggerMiddleware');
  // The request's deadline also ends the SDK's wait between tries (its retry step races this signal), and a
  // call that would start after it fails at once: retries never outlive the function.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const at = deadline();
      if (at === undefined) return next(args);
      const left = at - Date.now();
      if (left <= 0) throw deadlineReached();
      // The SDK's own context (SMITHY_CONTEXT_KEY), where its retry step looks for a signal.
      const smithy = (context as { __smithy_context?: { abortSignal?: unknown } }).__smithy_context;
      if (smithy) smithy.abortSignal ??= AbortSignal.timeout(left);
      return next(args);
    },
    { step: 'initialize', name: 'storeDeadline' },
  );
  const onCall = options.onCall;
  if (onCall) {
    client.middlewareStack.add(
      (next) => async (args) => {
        const started = performance.now();
        try {
          return await next(args);
        } finally {
          onCall(performance.now() - started);
        }
      },
      { step: 'initialize', name: 'storeTiming' },
    );
  }
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
