import * as z from 'zod/mini';
import { englishIssues } from '../../core/zod-locale';
import { zodToAppError } from '../../shapes/zod-errors';
import type { AppRequest, Middleware } from './types';

/** Schemas of a route's path parameters, query parameters and JSON body. */
export interface Schemas<P, Q, B> {
  path?: z.core.$ZodType<P>;
  query?: z.core.$ZodType<Q>;
  body?: z.core.$ZodType<B>;
}

type Where = 'path' | 'query' | 'body';

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
export const validation = <P, Q, B>(schemas: Schemas<P, Q, B>): Middleware => {
  // Bodies' own rules may give zod's messages (shared/core/zod-locale.ts).
  englishIssues();
  const parse = (where: Where, schema: z.core.$ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = z.safeParse(schema, value);
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
