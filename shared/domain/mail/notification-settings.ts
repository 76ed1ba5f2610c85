import * as z from 'zod';
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

/** Why a cancel_url is refused, or null: an http(s) address holding `{cancel_token}`. */
export function cancelUrlProblem(url: string): string | null {
  if (url.length > CANCEL_URL_MAX) return `must be at most ${CANCEL_URL_MAX} characters`;
  if (!url.includes(CANCEL_TOKEN_PLACEHOLDER)) return `must contain ${CANCEL_TOKEN_PLACEHOLDER}`;
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll(CANCEL_TOKEN_PLACEHOLDER, 'token'));
  } catch {
    return 'must be an absolute http or https address';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'must be an absolute http or https address';
  return null;
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
      message: `must be an absolute http or https address of at most ${CANCEL_URL_MAX} characters with ${CANCEL_TOKEN_PLACEHOLDER} in it`,
    })
    .nullable(),
  reminder_minutes_before: z.number().int().min(REMINDER_BOUNDS.min).max(REMINDER_BOUNDS.max),
});
