/** The envelopes of both APIs around the records (docs/CONTRACT.md#envelopes). */
import * as z from 'zod';
import { API_VERSION } from '../core/api';
import { ERROR_CODES, V2_ERROR_CODES, type V2ErrorCode } from '../core/errors';
import { emptyArray, id, named, stamp } from './common';
import { FORMATS } from './negotiation';

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

export const v1Frame = {
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

/** What each v2 error code means: a client decides on the code (and the status), never on the message. */
export const V2_ERROR_CODE_MEANINGS: Record<V2ErrorCode, string> = {
  INVALID_PARAMETER:
    '400: a parameter or body field is malformed or out of range (the message names it and the rule); also 409 for a limit of the entity (at most N keys or services), the default calendar deactivated, or settings changing concurrently',
  INVALID_DATE_FORMAT: '400: a date is not YYYY-MM-DD',
  DATE_RANGE_TOO_LARGE: '400: a date range is longer than the route allows',
  MISSING_REQUIRED_FIELD: '400: a required body field is absent (the message names it)',
  INVALID_JSON: '400: the body is not valid JSON',
  INVALID_CLIENT_NAME: '400: client_name is missing or refused (too long, control characters)',
  INVALID_CLIENT_PHONE: '400: client_phone is missing, too long or not a valid phone number',
  INVALID_CLIENT_EMAIL: '400: client_email is too long or not a valid e-mail address',
  AUTH_REQUIRED: '401: no access token',
  AUTH_INVALID: '401: the access token is unknown or removed',
  FORBIDDEN:
    "403: a publishable key or cancel token outside its routes, an origin its key does not allow, or a call that does not come through the API's public address",
  ENDPOINT_NOT_FOUND: '404: no route has this method and path',
  RESOURCE_NOT_FOUND:
    '404: the appointment, service, key, webhook, closure day or entity named does not exist; or the day is closed',
  CALENDAR_NOT_FOUND: '404: the calendar does not exist or is inactive',
  SLOT_NOT_FOUND: '404: the slot does not exist (or none starts at the time asked)',
  SLOT_FULL: '409: the slot (or a slot of the service run) has no place left',
  SLOT_CLOSED:
    "409: the slot is closed (by hand, or by a closure day); `slot not available: time off` when its staff member's time off closed it",
  SLOT_TOO_SOON:
    '409: `slot not available: too soon`: the slot starts sooner than the minimum notice (min_notice_minutes) a publishable key or cancel token must give',
  SLOT_TOO_FAR:
    '409: `slot not available: too far ahead`: the slot starts after the booking window (max_days_ahead) of a publishable key or cancel token',
  SLOT_IN_PAST: '409: the slot has started',
  SLOT_UNAVAILABLE:
    "409: the slot or the day refuses the change for another reason: the slot's calendar is inactive, a closed day or holiday to generate, a capacity below the places taken, a slot holding appointments, a slot changing concurrently",
  APPOINTMENT_CANCELLED:
    "409: the appointment is cancelled: it cannot be cancelled again or moved (nor looked up by its client's link)",
  ALREADY_AT_THIS_TIME: '409: the appointment is already at the time asked',
  APPOINTMENT_NOT_MANAGEABLE:
    "409: the appointment is completed, marked no-show or has started: its client's link (cancel token) can no longer see, move or cancel it",
  CHANGE_TOO_LATE:
    "409: the appointment starts within the business's client_change_cutoff_minutes: its client's link (cancel token) can no longer move or cancel it; the message names the business to contact (its own token still can)",
  IDEMPOTENCY_KEY_REUSED:
    '409: the Idempotency-Key was used with a different request, or its first request is still running',
  PAYLOAD_TOO_LARGE: '413: the body is over 64 KB',
  RATE_LIMITED: '429: over a limit; Retry-After says when to retry',
  INTERNAL_ERROR: '500: a server error (the message names the request id)',
  SERVICE_UNAVAILABLE: '503: unavailable for a moment; Retry-After says when to send the same request again',
};

export const V2Error = named(
  z.strictObject({
    success: z.literal(false),
    data: emptyArray(),
    message: z.string(),
    code: z.enum(V2_ERROR_CODES).meta({
      description: `Why, for machines (the message is for people and may change). v1's codes where they say enough, finer ones where a client tells cases apart:\n${Object.entries(
        V2_ERROR_CODE_MEANINGS,
      )
        .map(([c, meaning]) => `- \`${c}\`: ${meaning}`)
        .join('\n')}`,
    }),
  }),
  'V2Error',
  'The v2 error envelope: success false, data an empty array, the message and a stable code.',
);
