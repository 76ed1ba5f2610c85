import type * as z from 'zod';
import type { ErrorCode } from '../core/errors';

/** The error statuses an operation may document. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/** What the contract says of one route beyond its request schemas: prose, tag, answers and an example. */
export interface RouteDoc<Reason> {
  summary: string;
  description: string;
  tag: string;
  /** The named success envelope (shared/shapes/envelopes.ts). */
  answer: z.ZodType;
  /** An example of the success answer's `data`. */
  example: unknown;
  /** v1 lists: the example carries pagination (and meta.calendar_id when given). */
  list?: { calendarId?: number };
  /** The errors this route gives beyond those every route of its kind gives (the generator adds those). */
  errors: Partial<Record<ErrorStatus, readonly Reason[]>>;
  /** The route honours Idempotency-Key. */
  idempotent?: boolean;
}

/** v1: the error codes of each status. */
export type V1RouteDoc = RouteDoc<ErrorCode>;
/** v2: the reasons (messages) of each status. */
export type V2RouteDoc = RouteDoc<string>;

/** The key of a route in the docs tables: `GET /api/calendars`. */
export const routeKey = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;
