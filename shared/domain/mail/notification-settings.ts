import * as z from 'zod';
import { hasUnsafeText } from '../contact/safe-text';
import { DEFAULT_SETTINGS } from '../defaults';

/** The settings of the client e-mails (docs/NOTIFICATIONS.md, docs/CONTRACT.md#notifications). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where `cancel_url` puts the appointment's cancel token. */
export const CANCEL_TOKEN_PLACEHOLDER = '{cancel_token}';

/** A reminder at most a week before the start; 0 = no reminder. */
export const REMINDER_BOUNDS = { min: 0, max: 10_080 } as const;
export const CANCEL_URL_MAX = 500;

export interface NotificationSettings {
  /** Language of the client e-mails. */
  language: Language;
  /** Address of the entity's cancellation page, with `{cancel_token}`; null = no link. */
  cancel_url: string | null;
  /** Minutes before the start the reminder goes out; 0 = none. */
  reminder_minutes_before: number;
}

export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  language: DEFAULT_SETTINGS.language,
  cancel_url: DEFAULT_SETTINGS.cancel_url,
  reminder_minutes_before: DEFAULT_SETTINGS.reminder_minutes_before,
};

/** Stands for the placeholder while the address is parsed (URL would percent-encode its braces). */
const MARKER = 'cancel-token-marker-7f3a';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a cancel_url is refused, or null (docs/CONTRACT.md#notifications): an absolute https address (http
 * only on localhost) holding `{cancel_token}`, with no whitespace or control character.
 */
export function cancelUrlProblem(url: string): string | null {
  if (url.length > CANCEL_URL_MAX) return `must be at most ${CANCEL_URL_MAX} characters`;
  if (!url.includes(CANCEL_TOKEN_PLACEHOLDER)) return `must contain ${CANCEL_TOKEN_PLACEHOLDER}`;
  if (/\s/.test(url) || hasUnsafeText(url)) return 'must not contain whitespace or control characters';
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll(CANCEL_TOKEN_PLACEHOLDER, MARKER));
  } catch {
    return 'must be an absolute https address';
  }
  if (parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname)) return null;
  if (parsed.protocol !== 'https:') return 'must be an https address (http only for localhost)';
  if (parsed.username || parsed.password) return 'must not hold a user name or password';
  return null;
}

/** The address as stored: normalized by the URL standard (markup percent-encoded), the placeholder kept. */
export function normalizedCancelUrl(url: string): string {
  const normalized = new URL(url.replaceAll(CANCEL_TOKEN_PLACEHOLDER, MARKER)).href.replaceAll(
    MARKER,
    CANCEL_TOKEN_PLACEHOLDER,
  );
  return normalized.length > CANCEL_URL_MAX ? url : normalized;
}

/** The cancellation link of one appointment: the template with its token (URL-safe already). */
export const cancelLinkOf = (template: string, cancelToken: string): string =>
  template.replaceAll(CANCEL_TOKEN_PLACEHOLDER, encodeURIComponent(cancelToken));

/**
 * The fields of a settings change, spread into the entity's settings schema; built on first use, so the
 * functions that never change settings do not carry them.
 */
export const notificationPatchShape = () => ({
  language: z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` }),
  cancel_url: z
    .string()
    .trim()
    .transform((url) => (url === '' ? null : url))
    .refine((url) => url === null || cancelUrlProblem(url) === null, {
      message: `must be an absolute https address (http only for localhost) of at most ${CANCEL_URL_MAX} characters with ${CANCEL_TOKEN_PLACEHOLDER} in it, without whitespace or control characters`,
    })
    .transform((url) => (url === null ? null : normalizedCancelUrl(url)))
    .nullable(),
  reminder_minutes_before: z.number().int().min(REMINDER_BOUNDS.min).max(REMINDER_BOUNDS.max),
});
