/** The widget's refusals in words, and the field of its form each client-field refusal is about. */
import type { Answer, ErrorCode } from './api';
import { fill, type Texts } from './i18n';

export type Field = 'client_name' | 'client_phone' | 'client_email';

/** The field of the form each client-field code refuses. */
export const FIELD_OF: Partial<Record<ErrorCode, Field>> = {
  INVALID_CLIENT_NAME: 'client_name',
  INVALID_CLIENT_PHONE: 'client_phone',
  INVALID_CLIENT_EMAIL: 'client_email',
};

/** A refusal in words `t`, from its status and code (never its message, which is not the API's contract). */
export function refusal(t: Texts, { status, code, retryAfter }: Answer<unknown>): string {
  if (status === 0) return t.network;
  if (status === 401) return t.badKey;
  if (status === 403) return fill(t.origin, { origin: location.origin });
  if (status === 429) return fill(t.limit, { seconds: retryAfter || 60 });
  if (status === 409 || status === 404) {
    if (code === 'SLOT_IN_PAST') return t.past;
    if (code === 'SLOT_CLOSED' || status === 404) return t.closed;
    return t.full;
  }
  if (code === 'INVALID_CLIENT_PHONE') return t.invalidPhone;
  if (code === 'INVALID_CLIENT_EMAIL') return t.invalidEmail;
  if (code === 'INVALID_CLIENT_NAME') return t.invalidName;
  return t.failed;
}
