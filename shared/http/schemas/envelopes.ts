/** The envelopes of both APIs around the records (docs/CONTRACT.md#envelopes). */
import * as z from 'zod';
import { API_VERSION } from '../../core/api';
import { ERROR_CODES } from '../../core/errors';
import { V1Health } from '../../features/v1-reads';
import { FORMATS } from '../negotiation';
import { emptyArray, id, named, stamp } from './common';

export const V1Pagination = named(
  z.strictObject({
    total: z.int().min(0),
    page: z.int().min(1),
    per_page: z.int().min(1).max(1000),
    total_pages: z.int().min(0),
    has_more: z.boolean(),
    next_cursor: z.string().optional().meta({
      description:
        'Opaque cursor of the next page: pass it as `cursor` with the same query (and per_page). Absent on the last page. Bound to the account and the query: any other gives 400 INVALID_PARAMETER.',
    }),
  }),
  'V1Pagination',
  'Where a page of a v1 list stands. A page past the end is an empty data array.',
);

export const V1Meta = named(
  z.strictObject({ calendar_id: id().optional() }),
  'V1Meta',
  'calendar_id on the calendar-specific lists; empty otherwise.',
);

export const V1Debug = named(
  z.strictObject({
    memory_usage: z.int().min(0),
    execution_time: z.number().min(0),
    query_count: z.int().min(0),
    request_method: z.string(),
    endpoint: z.string(),
    debug_mode: z.boolean(),
  }),
  'V1Debug',
  'Debug mode only: figures of this request.',
);

const v1Frame = {
  message: z.string(),
  api_version: z.literal(API_VERSION),
  timestamp: stamp(),
  format: z.enum(FORMATS as ['json', 'xml', 'csv']),
  debug: V1Debug.optional(),
};

/** Whether a v1 answer carries pagination: lists always, the item-or-list routes when they list. */
export type Paging = 'never' | 'always' | 'when-listing';

/** A v1 success envelope around a route's data, named for the contract. */
export function v1Answer<T extends z.ZodType>(data: T, name: string, description: string, paging: Paging) {
  const pagination =
    paging === 'always'
      ? { pagination: V1Pagination }
      : paging === 'when-listing'
        ? { pagination: V1Pagination.optional() }
        : {};
  return named(
    z.strictObject({
      success: z.literal(true),
      data,
      ...pagination,
      meta: V1Meta,
      ...v1Frame,
      error_code: z.literal('SUCCESS'),
      http_code: z.literal(200),
    }),
    name,
    description,
  );
}

export const V1Error = named(
  z.strictObject({
    success: z.literal(false),
    data: z.null(),
    error_code: z.enum(ERROR_CODES),
    http_code: z.int(),
    ...v1Frame,
    meta: z.strictObject({}),
  }),
  'V1Error',
  'The v1 error envelope: success false, data null, the error code and the HTTP status.',
);

export const V1HealthDegraded = named(
  z.strictObject({
    success: z.literal(false),
    data: V1Health,
    meta: V1Meta,
    ...v1Frame,
    error_code: z.literal('SERVICE_UNAVAILABLE'),
    http_code: z.literal(503),
  }),
  'V1HealthDegraded',
  'Health when the table does not answer: status degraded, database unreachable.',
);

/** A v2 envelope `{ success, data, message }` around a route's data; verdicts may say success false. */
export function v2Answer<T extends z.ZodType>(data: T, name: string, description: string, verdict = false) {
  return named(
    z.strictObject({
      success: verdict ? z.boolean() : z.literal(true),
      data,
      message: z.string().optional(),
    }),
    name,
    description,
  );
}

export const V2Error = named(
  z.strictObject({ success: z.literal(false), data: emptyArray(), message: z.string() }),
  'V2Error',
  'The v2 error envelope: success false, data an empty array, the message.',
);
