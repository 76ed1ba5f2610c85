/** The `code` each v2 error example of the OpenAPI document carries (docs/CONTRACT.md lists the codes). */
import type { V2ErrorCode } from '../core/errors';
import type { ErrorStatus } from '../shapes/route-doc';

/** The v2 code of a documented reason that is not its status's usual code (the example's `code`). */
const V2_REASON_CODES: Record<string, V2ErrorCode> = {
  'invalid date, expected YYYY-MM-DD': 'INVALID_DATE_FORMAT',
  'date range is over 62 days': 'DATE_RANGE_TOO_LARGE',
  'body is not valid JSON': 'INVALID_JSON',
  'client_phone: not a valid phone number': 'INVALID_CLIENT_PHONE',
  'name: is required': 'MISSING_REQUIRED_FIELD',
  'id: is required': 'MISSING_REQUIRED_FIELD',
  'cancel_token: is required': 'MISSING_REQUIRED_FIELD',
  'slot_id: is required': 'MISSING_REQUIRED_FIELD',
  'appointment_id: is required': 'MISSING_REQUIRED_FIELD',
  'slot_id or status: is required': 'MISSING_REQUIRED_FIELD',
  'start_time: is required': 'MISSING_REQUIRED_FIELD',
  'calendar not found': 'CALENDAR_NOT_FOUND',
  'phone_number: is required': 'MISSING_REQUIRED_FIELD',
  'email: is required': 'MISSING_REQUIRED_FIELD',
  'invalid access token': 'AUTH_INVALID',
  'calendar not found or inactive': 'CALENDAR_NOT_FOUND',
  'slot not found': 'SLOT_NOT_FOUND',
  'Idempotency-Key was already used with a different request': 'IDEMPOTENCY_KEY_REUSED',
  'slot not available: full': 'SLOT_FULL',
  'slot not available: closed': 'SLOT_CLOSED',
  'slot not available: in the past': 'SLOT_IN_PAST',
  'slot not available: time off': 'SLOT_CLOSED',
  'slot not available: too soon': 'SLOT_TOO_SOON',
  'slot not available: too far ahead': 'SLOT_TOO_FAR',
  'a cancelled appointment cannot be moved: book again': 'APPOINTMENT_CANCELLED',
  'appointment already cancelled': 'APPOINTMENT_CANCELLED',
  'the appointment is already at this time': 'ALREADY_AT_THIS_TIME',
  'too late to change by link: the appointment starts within <cut-off>; contact <business> to change it':
    'CHANGE_TOO_LATE',
  'the appointment is cancelled': 'APPOINTMENT_CANCELLED',
  'the appointment is completed: its link can no longer change it': 'APPOINTMENT_NOT_MANAGEABLE',
  'the appointment has started: its link can no longer change it': 'APPOINTMENT_NOT_MANAGEABLE',
  'the appointment is marked no-show: its link can no longer change it': 'APPOINTMENT_NOT_MANAGEABLE',
  'settings are changing concurrently, retry': 'INVALID_PARAMETER',
  'an entity has at most 20 publishable keys': 'INVALID_PARAMETER',
  'an entity has at most 200 services': 'INVALID_PARAMETER',
  'an entity has at most 100 calendars': 'INVALID_PARAMETER',
  'the default calendar cannot be deactivated': 'INVALID_PARAMETER',
};
/** The usual v2 code of each status. */
const V2_STATUS_CODES: Record<ErrorStatus, V2ErrorCode> = {
  400: 'INVALID_PARAMETER',
  401: 'AUTH_REQUIRED',
  403: 'FORBIDDEN',
  404: 'RESOURCE_NOT_FOUND',
  409: 'SLOT_UNAVAILABLE',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code of a documented reason: its own where it differs from its status's usual one. */
export const exampleV2Code = (status: ErrorStatus, reason: string): V2ErrorCode =>
  V2_REASON_CODES[reason] ?? V2_STATUS_CODES[status];
