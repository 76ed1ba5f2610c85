/**
 * The building blocks of the response schemas, and the registry that names them: every schema added to
 * `CONTRACT` becomes `#/components/schemas/<id>` in docs/openapi.json. Response schemas are documentation
 * and test oracles only: handlers never parse their answers with them (presenters use their `z.infer`
 * types, which are erased), so they cost the Lambda bundles nothing.
 */
import * as z from 'zod';

export interface ContractMeta {
  id: string;
  description: string;
}

/** The named response schemas of both APIs. */
export const CONTRACT = z.registry<ContractMeta>();

/** Adds a schema to the contract under a component name. */
export function named<T extends z.ZodType>(schema: T, id: string, description: string): T {
  CONTRACT.add(schema, { id, description });
  return schema;
}

/** A positive integer id (ids share one sequence per entity across kinds). */
export const id = () => z.int().min(1);
/** A count or a capacity: a non-negative integer. */
export const count = () => z.int().min(0);
/** A calendar date, YYYY-MM-DD. */
export const date = () => z.iso.date();
/** A wall-clock time, HH:MM:SS, in the calendar's time zone (24:00:00 ends a period at midnight). */
export const time = () => z.string().regex(/^\d{2}:\d{2}:\d{2}$/);
/** A moment, ISO 8601 to the second with an offset: the calendar's or the entity's, or +00:00 (docs/CONTRACT.md#time). */
export const stamp = () => z.iso.datetime({ offset: true, precision: 0 });
/** A rate or an average, rounded to 4 decimals. */
export const ratio = () => z.number().min(0);
/** An empty JSON array (v2 errors, v2 delete). */
export const emptyArray = () => z.array(z.unknown()).max(0);
