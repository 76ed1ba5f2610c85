import * as z from 'zod/mini';
import { invalidField } from '../../core/errors';
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

/** What a field's failure carries (shared/shapes/fields.ts): whether the field was missing. */
type FieldIssue = z.core.$ZodIssue & { params?: { missing?: boolean } };

/**
 * The optional fields that came as `null` or `""` and that their own rule found missing
 * (docs/CONTRACT.md#optional-fields); a field that takes `null` or `""` itself (one that clears with it)
 * parses, so it is never among them, and neither is a required one. Looked at only when the parse failed,
 * so a request that parses pays nothing for it.
 */
function emptyOptionals(schema: z.core.$ZodType, value: unknown, error: z.core.$ZodError): string[] {
  const shape = (schema._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape;
  if (!shape || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const sent = value as Record<string, unknown>;
  return (error.issues as FieldIssue[])
    .filter((issue) => issue.path.length === 1 && issue.params?.missing === true)
    .map((issue) => String(issue.path[0]))
    .filter((key) => shape[key]?._zod.def.type === 'optional' && (sent[key] === null || sent[key] === ''));
}

export const validation = <P, Q, B>(schemas: Schemas<P, Q, B>): Middleware => {
  // Bodies' own rules may give zod's messages (shared/core/zod-locale.ts).
  englishIssues();
  const parse = (where: Where, schema: z.core.$ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    let result = z.safeParse(schema, value);
    const empty = result.success ? [] : emptyOptionals(schema, value, result.error);
    if (empty[0] !== undefined) {
      const sent = value as Record<string, unknown>;
      result = z.safeParse(
        schema,
        Object.fromEntries(Object.entries(sent).filter(([k]) => !empty.includes(k))),
      );
      // In a query, an empty parameter (`?search=`, a form's empty box) is one left out. In a body it is
      // refused as what it is, once nothing else is wrong: a value the field does not take, not a missing
      // field (an update may mean "clear it", which that field cannot be; nothing is done).
      if (result.success && where !== 'query') {
        const rule = `must not be ${sent[empty[0]] === null ? 'null' : 'empty'}: leave it out instead`;
        throw invalidField(empty[0], rule);
      }
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
