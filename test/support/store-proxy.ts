import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy between the handlers and DynamoDB Local that plays store faults: `pass` forwards, `down`
 * drops every connection, `throttle-transactions` answers TransactWriteItems with a throttling error,
 * and `{ until: 'X' }` forwards up to the first X call, then behaves as `down` (the function died
 * right after that step).
 */
export type ProxyMode = 'pass' | 'down' | 'throttle-transactions' | { until: string };

export interface StoreProxy {
  endpoint: string;
  mode: ProxyMode;
  close(): Promise<void>;
}

const THROTTLED = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
  message: 'Rate of requests exceeds the allowed throughput.',
});

/** Starts the proxy in front of `realEndpoint` on a free loopback port. */
export async function startStoreProxy(realEndpoint: string): Promise<StoreProxy> {
  const upstreamUrl = new URL(realEndpoint);
  const state: StoreProxy = { endpoint: '', mode: 'pass', close: async () => undefined };
  const server = createServer((req, res) => {
    const operation =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    const mode = state.mode;
    if (typeof mode === 'object' && operation === mode.until) state.mode = 'down';
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (mode === 'throttle-transactions' && operation === 'TransactWriteItems') {
      req.resume();
      res.writeHead(400, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-errortype': 'ThrottlingException',
      });
      res.end(THROTTLED);
      return;
    }
    const upstream = httpRequest(
      {
        host: upstreamUrl.hostname,
        port: upstreamUrl.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return state;
}

/**
 * For a test file whose handlers talk to the store through the proxy: starts it before the file's
 * tests, points the handlers' config at it (they read it once, at load, as on Lambda: the module
 * registry starts afresh) and stops it after. Returns the proxy and the real endpoint.
 */
export function useStoreProxy(): { proxy: () => StoreProxy; realEndpoint: string } {
  const realEndpoint = process.env.DYNAMODB_ENDPOINT ?? '';
  let proxy: StoreProxy | undefined;
  beforeAll(async () => {
    proxy = await startStoreProxy(realEndpoint);
    process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
    jest.resetModules();
  });
  afterAll(() => proxy?.close());
  return {
    proxy: () => {
      if (!proxy) throw new Error('the store proxy starts in beforeAll');
      return proxy;
    },
    realEndpoint,
  };
}
