import * as z from 'zod/mini';
import { englishIssues } from '../../core/zod-locale';
import { issueParams, zodToAppError } from '../../shapes/zod-errors';
import type { AppRequest, Middleware } from './types';

/** Schemas of a route's path parameters, query parameters and JSON body. */
export interface Schemas<P, Q, B> {
  path?: z.core.$ZodType<P>;
  query?: z.core.$ZodType<Q>;
  body?: z.core.$ZodType<B>;
}

type Where = 'path' | 'query' | 'body';

/**
 * The optional query parameters sent empty (`?search=`) that their own rule found missing
 * (docs/CONTRACT.md#optional-fields): a required one is never among them. Looked at only when the parse
 * failed, so a request that parses pays nothing for it.
 */
function emptyOptionals(schema: z.core.$ZodType, value: unknown, error: z.core.$ZodError): string[] {
  const shape = (schema._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape;
  if (!shape || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const sent = value as Record<string, unknown>;
  return error.issues
    .filter((issue) => issue.path.length === 1 && issueParams(issue).missing === true)
    .map((issue) => String(issue.path[0]))
    .filter((key) => shape[key]?._zod.def.type === 'optional' && sent[key] === '');
}

/**
 * zod validation of path, query and (parsed) body, mapped to the API's codes (shared/shapes/zod-errors.ts).
 *
 * Request state (`context.app`): reads `body` (jsonBody; `{}` when the route has none); writes `input`,
 * the validated `{ path, query, body }` the handler receives.
 *
 * @example
 * // pathParameters = { id: '42' }, schema z.object({ id: id() })
 * //   -> context.app.input = { path: { id: 42 }, query: undefined, body: undefined }
 */
export const validation = <P, Q, B>(
  schemas: Schemas<P, Q, B>,
  /** An optional query parameter sent empty is one left out (v2; v1 refuses it as before). */
  emptyQueryIsAbsent = false,
): Middleware => {
  // Bodies' own rules may give zod's messages (shared/core/zod-locale.ts).
  englishIssues();
  const parse = (where: Where, schema: z.core.$ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    let result = z.safeParse(schema, value);
    // v2: an optional query parameter sent empty (a form's empty box) is one left out. v1's answers keep
    // their codes (docs/CONTRACT.md#optional-fields), and a body's empty field is answered as before.
    const empty =
      result.success || where !== 'query' || !emptyQueryIsAbsent
        ? []
        : emptyOptionals(schema, value, result.error);
    if (empty.length > 0) {
      const sent = Object.entries(value as Record<string, unknown>);
      result = z.safeParse(schema, Object.fromEntries(sent.filter(([key]) => !empty.includes(key))));
    }
    if (!result.success) throw zodToAppError(result.error, where);
    return result.data;
  };

  const validationBefore = (request: AppRequest): void => {
    const { event, context } = request;
    context.app.input = {
      path: parse('path', schemas.path, event.pathParameters ?? {}),
      query: parse('query', schemas.query, event.queryStringParameters ?? {}),
      body: parse('body', schemas.body, context.app.body ?? {}),
    };
  };
  return { before: validationBefore, state: { reads: [], writes: ['input'] } };
};
