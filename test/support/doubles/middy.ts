import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { EntityContext } from '../../../shared/features/access/domain/tenant';
import { NOTIFICATION_DEFAULTS } from '../../../shared/features/settings/domain/notification-settings';
import type { AppContext, Middleware, RequestState } from '../../../shared/http/middleware/types';

export interface EventParts {
  method?: string;
  path?: string;
  routeKey?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** A payload-2.0 event as API Gateway sends it, with only what a middleware reads. */
export function apiEvent(parts: EventParts = {}): APIGatewayProxyEventV2 {
  const method = parts.method ?? 'GET';
  const path = parts.path ?? '/api/v2/test';
  return {
    version: '2.0',
    routeKey: parts.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: parts.headers ?? {},
    ...(parts.query ? { queryStringParameters: parts.query } : {}),
    ...(parts.pathParameters ? { pathParameters: parts.pathParameters } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
    isBase64Encoded: parts.isBase64Encoded ?? false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'req-1',
      routeKey: parts.routeKey ?? `${method} ${path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}

/** A fresh Lambda context, typed as the stack's (the state is set by a middleware). */
export const lambdaContext = (): AppContext =>
  ({ awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 }) as unknown as AppContext;

/** An entity as the authenticator returns it. */
export const entityContext = (entityId = 'entity-1'): EntityContext => ({
  entityId,
  settings: {
    slot_duration: 30,
    max_appointments: 1,
    timezone: 'Europe/Paris',
    country: 'FR',
    default_calendar_id: 1,
    open_days_ahead: 0,
    ...NOTIFICATION_DEFAULTS,
    currency: 'EUR',
    brand_color: null,
    logo_url: null,
    notify_emails: [],
    min_notice_minutes: 0,
    max_days_ahead: 60,
    client_change_cutoff_minutes: 0,
  },
});

/** Seeds the request state that request-context would open, so one middleware can be tried alone. */
export const seedState = (state: Partial<RequestState> = {}): Middleware => ({
  before: (request) => {
    request.context.app = { requestId: 'req-1', startedAt: 0, format: 'json', debug: false, ...state };
  },
});
