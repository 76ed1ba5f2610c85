import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, toApiGatewayEvent } from '../../shared/local/server/api-gateway';
import { createLocalServer } from '../../shared/local/server/server';
import { NOT_FOUND_ENTRY, ROUTES } from '../../shared/routes';
import { assertContract } from './contract';

/** An answer, whichever way the request went; every one is held to docs/openapi.json (./contract.ts). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as it is (malformed JSON tests). */
  body?: unknown;
  /** Handler calls only: the time the Lambda context says the function has left (default 15 minutes). */
  remainingMs?: number;
}

export type Caller = (method: string, url: string, options?: RequestOptions) => Promise<Answer>;

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const bodyText = (body: unknown): string =>
  body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);

/**
 * A fresh Lambda context per invocation, as Lambda gives one (the stack keeps request state on it). Its
 * deadline is Lambda's longest (15 minutes) unless a test sets one: middy answers a request that reaches
 * its deadline with a timeout error (a 500), and a busy machine must not turn slowness into a failure
 * (32 contended bookings took over 30 s in one CI run, and all answered 500).
 */
const newContext = (remainingMs = 900_000): Context => {
  const deadline = Date.now() + remainingMs;
  return {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => deadline - Date.now(),
  } as unknown as Context;
};

/** Calls the route's Lambda handler with the API Gateway event the local server would build. */
export const viaHandler: Caller = async (method, url, options = {}) => {
  const match = matchRoute(ROUTES, method, new URL(url, 'http://localhost').pathname);
  const event: APIGatewayProxyEventV2 = toApiGatewayEvent(
    { method, url, headers: options.headers ?? {}, body: bodyText(options.body), sourceIp: '127.0.0.1' },
    match,
  );
  const module = require(join(__dirname, '..', '..', match.route?.entry ?? NOT_FOUND_ENTRY)) as {
    handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  };
  const result = await module.handler(event, newContext(options.remainingMs));
  const text = result.body ?? '';
  const answer = {
    status: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, string>,
    text,
    json: parse(text),
  };
  assertContract(method, url, answer);
  return answer;
};

/** A v2 request made with an entity's token through `call`; the answer's JSON. */
export const v2Json = async (call: Caller, method: string, path: string, token: string, body?: unknown) =>
  (
    await call(method, `/api/v2${path}`, {
      headers: { 'Access-Token': token },
      ...(body ? { body } : {}),
    })
  ).json;

/** Starts the local HTTP server (same store, same table) and returns a caller over real HTTP. */
export async function startHttp(): Promise<{ call: Caller; baseUrl: string; close: () => Promise<void> }> {
  const server = createLocalServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: Caller = async (method, url, options = {}) => {
    const body = bodyText(options.body);
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: options.headers,
      ...(body !== '' ? { body } : {}),
    });
    const text = await response.text();
    const answer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
      json: parse(text),
    };
    assertContract(method, url, answer);
    return answer;
  };
  return {
    call,
    baseUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
