/**
 * Typed domain errors. Services throw these; one mapper per API (shared/http/v1/answers.ts, shared/http/v2/answers.ts) turns them into
 * that API's status, envelope and error code. Messages use the documents' wording and never carry
 * internal detail, so they can be shown to clients as they are.
 */

/** v1 error codes (docs/CONTRACT.md#statuses-and-error-codes) that a domain error can carry. */
export const ERROR_CODES = [
  'INVALID_PARAMETER',
  'INVALID_DATE_FORMAT',
  'DATE_RANGE_TOO_LARGE',
  'MISSING_REQUIRED_FIELD',
  'MISSING_CALENDAR_ID',
  'INVALID_JSON',
  'AUTH_REQUIRED',
  'AUTH_INVALID',
  'FORBIDDEN',
  'RATE_LIMITED',
  'ENDPOINT_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
  'CALENDAR_NOT_FOUND',
  'SLOT_NOT_FOUND',
  'SLOT_UNAVAILABLE',
  'SLOT_IN_PAST',
  'PAYLOAD_TOO_LARGE',
  'IDEMPOTENCY_KEY_REUSED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * v2 error codes (docs/CONTRACT.md#statuses-and-error-codes): v1's, less those v2 never answers, and finer
 * codes where v1's one code stands for cases a client tells apart (a slot full, closed; an appointment
 * cancelled, already at the time asked; which field of the client is wrong). v1 keeps its own code.
 */
export const V2_ERROR_CODES = [
  // MISSING_CALENDAR_ID is v1's alone: in v2 a missing calendar_id is a missing or bad parameter as any other.
  ...ERROR_CODES.filter((c): c is Exclude<ErrorCode, 'MISSING_CALENDAR_ID'> => c !== 'MISSING_CALENDAR_ID'),
  'SLOT_FULL',
  'SLOT_CLOSED',
  'SLOT_TOO_SOON',
  'SLOT_TOO_FAR',
  'APPOINTMENT_CANCELLED',
  'ALREADY_AT_THIS_TIME',
  'APPOINTMENT_NOT_MANAGEABLE',
  'CHANGE_TOO_LATE',
  'INVALID_CLIENT_NAME',
  'INVALID_CLIENT_PHONE',
  'INVALID_CLIENT_EMAIL',
] as const;
export type V2ErrorCode = (typeof V2_ERROR_CODES)[number];

/** v2's code of an error that names no finer one: its v1 code, or what v2 says instead. */
const v2CodeOf = (code: ErrorCode): V2ErrorCode =>
  code === 'MISSING_CALENDAR_ID' ? 'INVALID_PARAMETER' : code;

/** The client's fields, whose every refusal v2 names by a code of its own (the widget marks the field). */
const CLIENT_FIELD_CODES: Readonly<Record<string, V2ErrorCode>> = {
  client_name: 'INVALID_CLIENT_NAME',
  client_phone: 'INVALID_CLIENT_PHONE',
  client_email: 'INVALID_CLIENT_EMAIL',
};
/** v2's code of a refused field: the client's fields' own, else the v1 code. */
export const fieldCode = (field: string, code: ErrorCode): V2ErrorCode =>
  CLIENT_FIELD_CODES[field] ?? v2CodeOf(code);

export type ErrorKind =
  | 'validation'
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** An error whose message may be shown to the caller as it is. */
export class AppError extends Error {
  readonly status: number;
  /** The code v2 answers: `code`, unless a finer one is given. */
  readonly v2Code: V2ErrorCode;
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    v2Code?: V2ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[kind];
    this.v2Code = v2Code ?? v2CodeOf(code);
  }
}

export const invalidField = (field: string, rule: string): AppError =>
  new AppError('validation', 'INVALID_PARAMETER', `${field}: ${rule}`, fieldCode(field, 'INVALID_PARAMETER'));
export const missingField = (field: string, code: ErrorCode = 'MISSING_REQUIRED_FIELD'): AppError =>
  new AppError('validation', code, `${field}: is required`, fieldCode(field, code));
export const invalidDate = (field?: string): AppError =>
  new AppError(
    'validation',
    'INVALID_DATE_FORMAT',
    field ? `${field}: invalid date, expected YYYY-MM-DD` : 'invalid date, expected YYYY-MM-DD',
  );
export const invalidJson = (): AppError =>
  new AppError('validation', 'INVALID_JSON', 'body is not valid JSON');
export const payloadTooLarge = (limit: number): AppError =>
  new AppError('too_large', 'PAYLOAD_TOO_LARGE', `request body is larger than ${limit} bytes`);
export const dateRangeTooLarge = (maxDays: number): AppError =>
  new AppError('validation', 'DATE_RANGE_TOO_LARGE', `date range is over ${maxDays} days`);

export const tokenRequired = (): AppError => new AppError('auth', 'AUTH_REQUIRED', 'access token required');
export const tokenInvalid = (): AppError => new AppError('auth', 'AUTH_INVALID', 'invalid access token');

export const endpointNotFound = (): AppError =>
  new AppError('not_found', 'ENDPOINT_NOT_FOUND', 'endpoint not found');
export const resourceNotFound = (what = 'resource'): AppError =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', `${what} not found`);
export const slotNotFound = (): AppError => new AppError('not_found', 'SLOT_NOT_FOUND', 'slot not found');
export const calendarNotFound = (): AppError =>
  new AppError('not_found', 'CALENDAR_NOT_FOUND', 'calendar not found or inactive');
export const appointmentNotFound = (): AppError =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', 'appointment not found');

export type Unavailability =
  | 'full'
  | 'closed'
  | 'time off'
  | 'in the past'
  | 'too soon'
  | 'too far ahead'
  | 'calendar inactive';
/** v2's code of each unavailability (v1 has SLOT_IN_PAST, and SLOT_UNAVAILABLE for the others). */
const UNAVAILABLE_CODES: Record<Unavailability, V2ErrorCode> = {
  full: 'SLOT_FULL',
  closed: 'SLOT_CLOSED',
  'time off': 'SLOT_CLOSED',
  'in the past': 'SLOT_IN_PAST',
  'too soon': 'SLOT_TOO_SOON',
  'too far ahead': 'SLOT_TOO_FAR',
  'calendar inactive': 'SLOT_UNAVAILABLE',
};
export const slotNotAvailable = (why: Unavailability): AppError =>
  new AppError(
    'conflict',
    why === 'in the past' ? 'SLOT_IN_PAST' : 'SLOT_UNAVAILABLE',
    `slot not available: ${why}`,
    UNAVAILABLE_CODES[why],
  );
export const conflict = (message: string, code: ErrorCode = 'SLOT_UNAVAILABLE'): AppError =>
  new AppError('conflict', code, message);

/** A cancel of a cancelled appointment (v1: SLOT_UNAVAILABLE). */
export const alreadyCancelled = (): AppError =>
  new AppError('conflict', 'SLOT_UNAVAILABLE', 'appointment already cancelled', 'APPOINTMENT_CANCELLED');
/** A move of a cancelled appointment (v1: SLOT_UNAVAILABLE). */
export const cancelledCannotMove = (): AppError =>
  new AppError(
    'conflict',
    'SLOT_UNAVAILABLE',
    'a cancelled appointment cannot be moved: book again',
    'APPOINTMENT_CANCELLED',
  );
/**
 * What a client's link (its cancel token) may no longer do to a completed or started appointment: see, move or
 * cancel it (docs/CONTRACT.md#widget-and-manage-page). The business's own token still may.
 */
export const notManageable = (why: 'completed' | 'no_show' | 'started'): AppError =>
  new AppError(
    'conflict',
    'SLOT_UNAVAILABLE',
    {
      completed: 'the appointment is completed: its link can no longer change it',
      no_show: 'the appointment is marked no-show: its link can no longer change it',
      started: 'the appointment has started: its link can no longer change it',
    }[why],
    'APPOINTMENT_NOT_MANAGEABLE',
  );
/**
 * A client's link moving or cancelling an appointment that starts within the business's cut-off
 * (docs/CONTRACT.md#booking-window): the business may still change it, so the message says whom to contact.
 */
export const changeTooLate = (within: string, business: string | null): AppError =>
  new AppError(
    'conflict',
    'SLOT_UNAVAILABLE',
    `too late to change by link: the appointment starts within ${within}; contact ${business ?? 'the business'} to change it`,
    'CHANGE_TOO_LATE',
  );
/** A cancel token's look-up of a cancelled appointment (the client's link shows it no more). */
export const cancelledByLink = (): AppError =>
  new AppError('conflict', 'SLOT_UNAVAILABLE', 'the appointment is cancelled', 'APPOINTMENT_CANCELLED');
/** A move to the time the appointment already has (v1: SLOT_UNAVAILABLE). */
export const alreadyAtThisTime = (): AppError =>
  new AppError(
    'conflict',
    'SLOT_UNAVAILABLE',
    'the appointment is already at this time',
    'ALREADY_AT_THIS_TIME',
  );

/**
 * A 503: the request could not be done now, and may be sent again as it was after `retryAfter` whole seconds
 * (the answer's Retry-After; docs/CONTRACT.md#retrying).
 */
export class Unavailable extends AppError {
  constructor(
    readonly retryAfter: number,
    message: string,
  ) {
    super('unavailable', 'SERVICE_UNAVAILABLE', message);
  }
}

/** Retry-After of a busy store (contention, throttling): it clears in about a second. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
/** Retry-After of a store that did not answer in time or could not be reached: give it longer. */
export const STALLED_RETRY_AFTER_SECONDS = 5;

/**
 * The store kept refusing a write for contention, or throttled it, past every retry: a transient
 * server-side state, never a verdict on the request.
 */
export const busy = (): AppError =>
  new Unavailable(BUSY_RETRY_AFTER_SECONDS, 'the service is busy, retry the same request');

/** The store did not answer before the request's deadline, or could not be reached. */
export const stalled = (): AppError =>
  new Unavailable(
    STALLED_RETRY_AFTER_SECONDS,
    'the service is unavailable for a moment, retry the same request',
  );

/** What a publishable key may not do (a route outside its scope, or a request from an origin it does not allow). */
export const forbidden = (message: string): AppError => new AppError('forbidden', 'FORBIDDEN', message);

/** A limit refused the request; `retryAfter` whole seconds until its window ends (or a place frees). */
export class RateLimited extends AppError {
  constructor(
    readonly retryAfter: number,
    message = `too many requests, retry in ${retryAfter} s`,
  ) {
    super('rate_limited', 'RATE_LIMITED', message);
  }
}

/** Another request with the same Idempotency-Key is running (or died less than a function timeout ago). */
export const idempotencyInProgress = (): AppError =>
  conflict('a request with this Idempotency-Key is in progress, retry later', 'IDEMPOTENCY_KEY_REUSED');

/** A failure we did not foresee: the answer names only the request id; the detail goes to the log. */
export const internalError = (requestId: string): AppError =>
  new AppError('internal', 'INTERNAL_ERROR', `server error: ${requestId}`);

/** The value, or the not-found error when the store has none. */
export function found<T>(value: T | null | undefined, notFound: () => AppError): T {
  if (value === null || value === undefined) throw notFound();
  return value;
}
