import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy between the handlers and DynamoDB Local that plays store faults: `pass` forwards, `down`
 * drops every connection, `throttle-transactions` answers TransactWriteItems with a throttling error,
 * `{ until: 'X' }` forwards up to the first X call, then behaves as `down` (the function died right after
 * that step), and `{ answerLost: 'X' }` forwards the first X call but drops its answer, then behaves as
 * `down` (X took effect; the function died before it heard so). `{ inject }` asks, for every call once its
 * body has arrived, which fault to play (store-faults.ts builds seeded ones): none forwards it.
 */
export type ProxyMode =
  | 'pass'
  | 'down'
  | 'hang'
  | 'throttle-transactions'
  | { until: string }
  | { answerLost: string }
  | { inject: Injector };

/**
 * A fault a call meets: a throttling error (`ThrottlingException` or
 * `ProvisionedThroughputExceededException`, 400), a 500 `InternalServerError`, the connection dropped
 * before the store sees the call, the store's answer dropped after it did the call, or a slow answer.
 */
export type Fault = 'throttling' | 'throughput' | 'internal' | 'drop' | 'answer-lost' | { slowMs: number };

/** Which fault the call (`Operation pk/sk …`, its body's JSON) meets; undefined: forwarded as it is. */
export type Injector = (call: string, body: string) => Fault | undefined;

export interface StoreProxy {
  endpoint: string;
  mode: ProxyMode;
  /**
   * Every call forwarded, in order: the operation and the keys it names (for a reader of a failure), e.g.
   * `GetItem TOKEN#…/TOKEN`. Tests that count round trips empty it before the request they count.
   */
  calls: string[];
  /**
   * Holds the answer of the next call `answer` matches until a call `until` matches has arrived (or 30 s
   * went by): `released` then says which, so a test can tell calls sent together from calls sent in turn
   * whatever the machine's speed.
   */
  holdAnswer(answer: (call: string) => boolean, until: (call: string) => boolean): Hold;
  close(): Promise<void>;
}

export interface Hold {
  released?: 'arrival' | 'timeout';
}

const HOLD_BOUND_MS = 30_000;

const THROTTLED = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
  message: 'Rate of requests exceeds the allowed throughput.',
});

/** The error answers a fault plays, as DynamoDB writes them: status, `__type` and message. */
const ERROR_ANSWERS: Record<string, [number, string, string]> = {
  throttling: [400, 'ThrottlingException', 'Rate of requests exceeds the allowed throughput.'],
  throughput: [
    400,
    'ProvisionedThroughputExceededException',
    'The level of configured provisioned throughput for the table was exceeded.',
  ],
  internal: [500, 'InternalServerError', 'Internal server error'],
};

/** The `pk/sk` of every key a call's JSON names (attribute values as DynamoDB's wire format writes them). */
function keysNamed(body: string): string {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (value !== null && typeof value === 'object') {
      const o = value as Record<string, { S?: string } | undefined>;
      if (o.pk?.S !== undefined && o.sk?.S !== undefined) found.add(`${o.pk.S}/${o.sk.S}`);
      // A query's range names where it starts (`:from`), e.g. `from:CAL#` for an entity's calendars.
      if (o[':from']?.S !== undefined) found.add(`from:${o[':from'].S}`);
      for (const v of Object.values(o)) visit(v);
    }
  };
  try {
    visit(JSON.parse(body));
  } catch {
    // Not JSON: no keys to name.
  }
  return [...found].join(' ');
}

/** Starts the proxy in front of `realEndpoint` on a free loopback port. */
export async function startStoreProxy(realEndpoint: string): Promise<StoreProxy> {
  const upstreamUrl = new URL(realEndpoint);
  let held:
    | {
        hold: Hold;
        answer: (call: string) => boolean;
        until: (call: string) => boolean;
        heldCall?: string;
        release?: () => void;
      }
    | undefined;
  const state: StoreProxy = {
    endpoint: '',
    mode: 'pass',
    calls: [],
    holdAnswer(answer, until) {
      const hold: Hold = {};
      held = { hold, answer, until };
      return hold;
    },
    close: async () => undefined,
  };
  const arrived = (call: string) => {
    state.calls.push(call);
    if (!held || held.hold.released) return;
    if (held.heldCall === undefined && held.answer(call)) held.heldCall = call;
    else if (held.heldCall !== undefined && held.until(call)) {
      held.hold.released = 'arrival';
      held.release?.();
    }
  };
  /** Resolves when the held call may be answered: at once for any other call. */
  const mayAnswer = (call: string): Promise<void> => {
    const current = held;
    if (!current || current.heldCall !== call || current.hold.released === 'arrival')
      return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(() => {
        current.hold.released ??= 'timeout';
        done();
      }, HOLD_BOUND_MS);
      current.release = () => {
        clearTimeout(timer);
        done();
      };
    });
  };
  /** Forwards a call whose body was read, and hands the store's answer to `answered`. */
  const forward = (req: IncomingMessage, body: Buffer, answered: (answer: IncomingMessage) => void) => {
    const upstream = httpRequest(
      {
        host: upstreamUrl.hostname,
        port: upstreamUrl.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      answered,
    );
    upstream.on('error', () => req.socket.destroy());
    upstream.end(body);
  };
  /** A call under `{ inject }`: its body is read, then it meets the fault the injector names, or none. */
  const injected = (req: IncomingMessage, res: ServerResponse, operation: string, inject: Injector) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const call = `${operation} ${keysNamed(body.toString())}`;
      arrived(call);
      const fault = inject(call, body.toString());
      const error = typeof fault === 'string' ? ERROR_ANSWERS[fault] : undefined;
      if (error) {
        const [status, type, message] = error;
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message }));
        return;
      }
      if (fault === 'drop') {
        req.socket.destroy();
        return;
      }
      forward(req, body, (answer) => {
        if (fault === 'answer-lost') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        const send = () => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        };
        if (typeof fault === 'object') setTimeout(send, fault.slowMs);
        else send();
      });
    });
  };
  const server = createServer((req, res) => {
    const operation =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    const mode = state.mode;
    if (typeof mode === 'object' && 'until' in mode && operation === mode.until) state.mode = 'down';
    const loseAnswer = typeof mode === 'object' && 'answerLost' in mode && operation === mode.answerLost;
    if (loseAnswer) state.mode = 'down';
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (mode === 'hang') {
      req.resume();
      return;
    }
    if (typeof mode === 'object' && 'inject' in mode) {
      injected(req, res, operation, mode.inject);
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
    const chunks: Buffer[] = [];
    let call = '';
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      call = `${operation} ${keysNamed(Buffer.concat(chunks).toString())}`;
      arrived(call);
    });
    const upstream = httpRequest(
      {
        host: upstreamUrl.hostname,
        port: upstreamUrl.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        if (loseAnswer) {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        void mayAnswer(call).then(() => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        });
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
