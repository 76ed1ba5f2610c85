/**
 * The OpenAPI 3.1 document of both APIs, driven by the route table: each route's request schemas come
 * from its handler (buildHandler's `.schemas`), its prose, answers and errors from the docs tables beside
 * it (each feature's openapi.ts, shared/openapi/operations-v2.ts), and every payload from the zod response schemas in
 * shared/http/schemas. A route without a docs entry stops the generator.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { FEED_OPERATION } from '../features/mail/openapi';
import { V1_ROUTE_DOCS } from '../features/v1-reads/openapi';
import { FEED_ROUTE, ROUTES, type RouteDef, routeName } from '../routes';
import { CONTRACT } from '../shapes/common';
import { type RouteDoc, routeKey } from '../shapes/route-doc';
import { V2_ROUTE_DOCS } from './operations-v2';
import { HEADERS, INFO, PARAMETERS, SECURITY_SCHEMES, SERVERS, TAG_GROUPS, TAGS } from './parts';
import { errorResponses, shareResponses, successResponse } from './responses';

/** What a built handler exposes of its validation (shared/http/stack.ts). */
interface HandlerSchemas {
  path?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** A publishable key may call the route (buildHandler's `.publishable`). */
  publishable?: boolean;
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

const toSchema = (schema: z.core.$ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

function parameters(schema: z.core.$ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as Record<string, unknown>;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

export const isV2 = (route: RouteDef): boolean => /^\/api\/v2(\/|$)/.test(route.path);

/** The docs entry of a route; a route the tables lack is an error, so new routes get documented. */
export function routeDoc(route: RouteDef): RouteDoc<string> {
  const doc = (isV2(route) ? V2_ROUTE_DOCS : V1_ROUTE_DOCS)[routeKey(route)];
  if (!doc) {
    throw new Error(
      `${routeKey(route)} has no entry in shared/openapi/operations-${isV2(route) ? 'v2' : 'v1'}.ts`,
    );
  }
  return doc;
}

const ref = (group: string, name: string) => ({ $ref: `#/components/${group}/${name}` });

function security(route: RouteDef, publishable: boolean) {
  if (route.auth === 'none') return [];
  const api = route.auth;
  const schemes = [
    { [`${api}Token`]: [] },
    { [`${api}TokenQuery`]: [] },
    ...(publishable ? [{ publishableKey: [] }, { publishableKeyQuery: [] }] : []),
    // A staff member's session is the v2 API's third credential (docs/CONTRACT.md#staff-and-sessions).
    ...(api === 'v2' ? [{ sessionCookie: [] }] : []),
  ];
  // v1 debug mode needs no token (where the stage allows it).
  return api === 'v1' ? [...schemes, {}] : schemes;
}

/** An operation, its error responses apart (shareResponses writes those it shares with others once). */
function operation(route: RouteDef, schemas: HandlerSchemas) {
  const doc = routeDoc(route);
  const errors = errorResponses(route, doc, {
    hasInput: Boolean(schemas.path || schemas.query || schemas.body),
    hasBody: Boolean(schemas.body),
    publishable: schemas.publishable ?? false,
  });
  const v1 = !isV2(route);
  const built = {
    operationId: routeName(route),
    summary: doc.summary,
    description: doc.description,
    tags: [doc.tag],
    security: security(route, schemas.publishable ?? false),
    parameters: [
      ...parameters(schemas.path, 'path'),
      ...parameters(schemas.query, 'query'),
      ...(v1 ? [ref('parameters', 'Format')] : []),
      ...(v1 && route.auth !== 'none' ? [ref('parameters', 'Debug'), ref('parameters', 'XDebug')] : []),
      ...(doc.idempotent ? [ref('parameters', 'IdempotencyKey')] : []),
    ],
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            description: 'JSON, whatever the Content-Type; unknown fields are ignored; at most 64 KB.',
            content: { 'application/json': { schema: toSchema(schemas.body) } },
          },
        }
      : {}),
    responses: { 200: successResponse(route, doc) },
  };
  return { built, errors };
}

/** A moment as every answer writes it: to the second, with `Z` or an offset (shared/shapes/common.ts stamp). */
const STAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})$';

/** Every named response schema, as components. */
function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(CONTRACT, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => {
      const schema = jsonSchema as Record<string, unknown>;
      // The format says it; zod's long regular expressions for dates only blur the reference. A moment's
      // short one says what the format does not: to the second, with an offset (docs/CONTRACT.md#time).
      if (schema.format === 'date') delete schema.pattern;
      if (schema.format === 'date-time') schema.pattern = STAMP_PATTERN;
      if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _s, $id: _i, id: _id, ...rest } = schema as Record<string, unknown>;
      return [name, rest];
    }),
  );
}

/** The OpenAPI 3.1 document of both APIs. */
export function openApiDocument(root = join(__dirname, '..', '..')) {
  const operations = ROUTES.map((route) => {
    const module = require(join(root, route.entry)) as {
      handler: { schemas?: HandlerSchemas; publishable?: boolean };
    };
    return operation(route, { ...module.handler.schemas, publishable: module.handler.publishable ?? false });
  });
  const errors = shareResponses(operations.map((o) => o.errors));
  const paths: Record<string, Record<string, unknown>> = {};
  ROUTES.forEach((route, i) => {
    const { built } = operations[i] as (typeof operations)[number];
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      ...built,
      responses: { ...built.responses, ...errors.responses[i] },
    };
  });
  paths[FEED_ROUTE.path] = { get: FEED_OPERATION };
  return {
    openapi: '3.1.0',
    info: INFO,
    servers: SERVERS,
    tags: TAGS,
    'x-tagGroups': TAG_GROUPS,
    paths,
    components: {
      schemas: componentSchemas(),
      responses: errors.components,
      headers: HEADERS,
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
