/**
 * `npm run invoke -- <METHOD> <path> [<event file>]`: runs the one handler that serves the route, as Lambda
 * would, without Docker (`sam local invoke` needs it: docs/DEPLOY.md). The event is the route's sample in
 * events/ (its path parameters and query taken from `<path>` when it has them) or the file given; an
 * `access-token` header holding the samples' placeholder gets ACCESS_TOKEN when that is set (a token
 * `npm start` or `npm run admin` printed). The store is the local one `npm start` uses (LOCAL_DB: its
 * folder, `memory`, or an engine's address; DYNAMODB_ENDPOINT when already set), the table TABLE_NAME
 * (`booking-local` by default). Prints the answer (status, headers, body) as JSON; exits 0 when the handler
 * answered, 1 when it threw, 2 on a usage mistake.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { matchRoute, toApiGatewayEvent } from '../shared/local/server/api-gateway';
import { sampleEventFile, TOKEN_PLACEHOLDER } from '../shared/local/server/sample-events';
import { FEED_ROUTE, NOT_FOUND_ENTRY, PAGE_ROUTES, ROUTES } from '../shared/routes';

const ROOT = resolve(__dirname, '..');
const USAGE =
  'usage: npm run invoke -- <METHOD> <path> [event.json]   e.g. npm run invoke -- GET /api/health';

export interface InvokeOutput {
  out(text: string): void;
  err(text: string): void;
}

/** The event to invoke with: the file given, else the route's sample with the path's own parameters. */
function eventFor(
  method: string,
  url: string,
  file: string | undefined,
): { entry: string; event: APIGatewayProxyEventV2 } {
  const routes = [...ROUTES, FEED_ROUTE, ...PAGE_ROUTES];
  const path = url.split('?')[0] ?? url;
  const match = matchRoute(routes, method, path);
  const entry = match.route?.entry ?? NOT_FOUND_ENTRY;
  const sample = match.route ? join(ROOT, 'events', sampleEventFile(match.route)) : undefined;
  if (file)
    return { entry, event: JSON.parse(readFileSync(resolve(file), 'utf8')) as APIGatewayProxyEventV2 };
  const base =
    sample && existsSync(sample)
      ? (JSON.parse(readFileSync(sample, 'utf8')) as APIGatewayProxyEventV2)
      : undefined;
  const given = toApiGatewayEvent(
    {
      method,
      url,
      headers: base?.headers ?? { host: 'localhost:3000' },
      body: base?.body ?? '',
      sourceIp: '127.0.0.1',
    },
    match,
  );
  // The sample's query and body unless the path brings a query of its own.
  const event = {
    ...base,
    ...given,
    ...(url.includes('?') || !base
      ? {}
      : { rawQueryString: base.rawQueryString, queryStringParameters: base.queryStringParameters }),
  };
  return { entry, event: event as APIGatewayProxyEventV2 };
}

/** A Lambda context of a 10 s invocation (the functions' timeout). */
const contextOf = (name: string): Context => {
  const deadline = Date.now() + 10_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'invoke',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

/** Runs the route's handler once; resolves with the exit code. */
export async function invoke(argv: readonly string[], io: InvokeOutput): Promise<number> {
  const [method, url, file] = argv;
  if (!method || !url?.startsWith('/') || argv.length > 3) {
    io.err(`${USAGE}\n`);
    return 2;
  }
  const { entry, event } = eventFor(method.toUpperCase(), url, file);
  const token = process.env.ACCESS_TOKEN;
  if (token && event.headers?.['access-token'] === TOKEN_PLACEHOLDER) event.headers['access-token'] = token;

  // The store first: the handler's modules read their configuration (the endpoint, the table) when loaded.
  let release: () => Promise<void> = async () => undefined;
  process.env.TABLE_NAME ??= 'booking-local';
  if (!process.env.DYNAMODB_ENDPOINT) {
    const { storageFrom } =
      require('../shared/local/engine/dynamodb-local') as typeof import('../shared/local/engine/dynamodb-local');
    const { acquireLocalStore } =
      require('../shared/local/engine/local-store') as typeof import('../shared/local/engine/local-store');
    const store = await acquireLocalStore(storageFrom(process.env.LOCAL_DB), { kind: 'tool', jit: 'quick' });
    process.env.DYNAMODB_ENDPOINT = store.endpoint;
    release = () => store.release();
  }
  try {
    const { ensureLocalTable } =
      require('../shared/local/runtime') as typeof import('../shared/local/runtime');
    await ensureLocalTable(process.env.TABLE_NAME);
    const handler = (require(join(ROOT, entry)) as { handler: (e: unknown, c: Context) => Promise<unknown> })
      .handler;
    io.err(`invoke: ${entry} (${event.requestContext?.http?.method ?? method} ${event.rawPath})\n`);
    const answer = (await handler(event, contextOf(entry))) as {
      statusCode?: number;
      headers?: unknown;
      body?: string;
    };
    const body = answer?.body ?? '';
    let parsed: unknown = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      // Not JSON (a page, a feed, XML or CSV): printed as text.
    }
    io.out(
      `${JSON.stringify({ statusCode: answer?.statusCode, headers: answer?.headers, body: parsed }, null, 2)}\n`,
    );
    return 0;
  } catch (error) {
    io.err(`invoke: the handler threw: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  } finally {
    await release();
  }
}

if (require.main === module) {
  void invoke(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then((code) => process.exit(code));
}
