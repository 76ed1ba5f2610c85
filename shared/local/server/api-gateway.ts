import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '../../routes';

/** A route matcher: the route and the path parameters it extracted. */
export interface RouteMatch {
  route: RouteDef | null;
  pathParameters: Record<string, string> | undefined;
}

/** A trailing slash does not change a path (docs/CONTRACT.md#requests); `//` collapses. */
export function normalizePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** Finds the route of a method and path as API Gateway would: literal segments win over `{param}` ones. */
export function matchRoute(routes: readonly RouteDef[], method: string, rawPath: string): RouteMatch {
  const segments = normalizePath(rawPath).split('/');
  let best: { route: RouteDef; params: Record<string, string>; literals: number } | null = null;
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const part = pattern[i] ?? '';
      const actual = segments[i] ?? '';
      const param = /^\{(\w+)\}$/.exec(part);
      if (param?.[1]) {
        if (actual === '') ok = false;
        else params[param[1]] = safeDecode(actual);
      } else if (part === actual) {
        literals++;
      } else {
        ok = false;
      }
    }
    if (ok && (!best || literals > best.literals)) best = { route, params, literals };
  }
  if (!best) return { route: null, pathParameters: undefined };
  return { route: best.route, pathParameters: Object.keys(best.params).length ? best.params : undefined };
}

/** True when a route serves the path with some method: API Gateway answers a CORS preflight there. */
export const servesPath = (routes: readonly RouteDef[], rawPath: string): boolean =>
  routes.some((route) => matchRoute([route], route.method, rawPath).route !== null);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface IncomingRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  sourceIp: string;
}

/** Builds the HTTP API payload-2.0 event that API Gateway sends for a request. */
export function toApiGatewayEvent(request: IncomingRequest, match: RouteMatch): APIGatewayProxyEventV2 {
  const url = new URL(request.url, 'http://localhost');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    query[key] = key in query ? `${query[key]},${value}` : value;
  }
  const routeKey = match.route ? `${match.route.method} ${match.route.path}` : '$default';
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(request.body.length ? { body: request.body } : {}),
    isBase64Encoded: false,
  };
}
