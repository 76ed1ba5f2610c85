import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { config } from '../../config';
import { isPreflight, preflightHandler } from '../../http/middleware/cors';
import { FEED_ROUTE, NOT_FOUND_ENTRY, PAGE_ROUTES, PUBLISHABLE_ROUTES, ROUTES } from '../../routes';
import { listOutbox, outboxFolder, readOutboxFile } from '../pipelines/outbox';
import { matchRoute, servesPath, toApiGatewayEvent } from './api-gateway';

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const ROOT = join(__dirname, '..', '..', '..');
/** Bodies are read up to one byte past the API's limit, so the handler itself answers 413 in its envelope. */
const READ_LIMIT = 64 * 1024 + 1;

/** What API Gateway's `corsPreflight` answers, before any function runs (infra/stacks/api-stack.ts). */
const preflight = preflightHandler({ origins: config.corsAllowedOrigins });
/** The publishable routes answer preflights from any origin (functions/preflight.ts on AWS). */
const anyOriginPreflight = preflightHandler({ origins: ['*'] });

const loaded = new Map<string, LambdaHandler>();
function loadHandler(entry: string): LambdaHandler {
  let handler = loaded.get(entry);
  if (!handler) {
    // The very handler module that deploys: the route table names it, the server requires it.
    handler = (require(join(ROOT, entry)) as { handler: LambdaHandler }).handler;
    loaded.set(entry, handler);
  }
  return handler;
}

function lambdaContext(entry: string): Context {
  const deadline = Date.now() + config.functionTimeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: entry,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${entry}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    if (size < READ_LIMIT) chunks.push(buffer.subarray(0, READ_LIMIT - size));
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The local outbox (no SMTP_URL): `GET /_outbox` lists the e-mails, `GET /_outbox/<file>` gives one. */
async function serveOutbox(path: string, response: ServerResponse): Promise<boolean> {
  if (path !== '/_outbox' && !path.startsWith('/_outbox/')) return false;
  const folder = outboxFolder(process.env);
  const file = path.slice('/_outbox/'.length);
  const body =
    path === '/_outbox'
      ? JSON.stringify({ folder, messages: await listOutbox(folder) }, null, 2)
      : await readOutboxFile(folder, file);
  if (body === null) response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  else
    response
      .writeHead(200, { 'content-type': path === '/_outbox' ? 'application/json' : 'message/rfc822' })
      .end(body);
  return true;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * docs/CONTRACT.md#running-it: the outbox (every tenant's mails and cancel links) answers only a request
 * from this machine whose Host names this server by a loopback address and its own port: a page whose
 * name was rebound to 127.0.0.1 (DNS rebinding) still sends its own name as Host and gets 403.
 */
export function outboxAllowed(
  host: string | undefined,
  localPort: number | undefined,
  peer: string | undefined,
) {
  if (!localPort || !LOOPBACK.test(peer ?? '')) return false;
  const own = [`127.0.0.1:${localPort}`, `localhost:${localPort}`, `[::1]:${localPort}`];
  return own.includes((host ?? '').toLowerCase());
}

/** The route table, the staff feed's address and the pages. */
const SERVED = [...ROUTES, FEED_ROUTE, ...PAGE_ROUTES];

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const url = request.url ?? '/';
  const pathname = new URL(url, 'http://localhost').pathname;
  if (method === 'GET' && (pathname === '/_outbox' || pathname.startsWith('/_outbox/'))) {
    const { localPort, remoteAddress } = request.socket;
    if (!outboxAllowed(request.headers.host, localPort, remoteAddress)) {
      response
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('the outbox answers only on a loopback address\n');
      return;
    }
    if (await serveOutbox(pathname, response)) return;
  }
  const match = matchRoute(SERVED, method, pathname);
  const entry = match.route?.entry ?? NOT_FOUND_ENTRY;
  const event = toApiGatewayEvent(
    {
      method,
      url,
      headers: request.headers,
      body: await readBody(request),
      sourceIp: request.socket.remoteAddress ?? '',
    },
    match,
  );
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result =
      isPreflight(method, event.headers) && servesPath(PUBLISHABLE_ROUTES, event.rawPath)
        ? await anyOriginPreflight(event, lambdaContext('preflight'))
        : isPreflight(method, event.headers) && servesPath(ROUTES, event.rawPath)
          ? await preflight(event, lambdaContext('preflight'))
          : await loadHandler(entry)(event, lambdaContext(entry));
  } catch {
    // What API Gateway answers when a function fails outright; the stack is built so this never happens.
    result = { statusCode: 500, body: JSON.stringify({ message: 'Internal Server Error' }) };
  }
  const body = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
  response.writeHead(result.statusCode ?? 200, {
    ...(result.headers as Record<string, string> | undefined),
    'content-length': Buffer.byteLength(body),
  });
  response.end(method === 'HEAD' ? undefined : body);
}

/** An HTTP server that serves the route table by invoking the Lambda handlers with API Gateway events. */
export function createLocalServer(): Server {
  return createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
}
