import * as z from 'zod/mini';
import { DEFAULT_SETTINGS } from '../../../core/defaults';
import { hasUnsafeText } from '../../../core/safe-text';

/** The settings of the client e-mails (docs/NOTIFICATIONS.md, docs/CONTRACT.md#notifications). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where `cancel_url` puts the appointment's cancel token. */
export const CANCEL_TOKEN_PLACEHOLDER = '{cancel_token}';

/** A reminder at most a week before the start; 0 = no reminder. */
export const REMINDER_BOUNDS = { min: 0, max: 10_080 } as const;
export const CANCEL_URL_MAX = 500;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;

export interface NotificationSettings {
  /** Language of the client e-mails. */
  language: Language;
  /** Address of the entity's cancellation page, with `{cancel_token}`; null = no link. */
  cancel_url: string | null;
  /** Minutes before the start the reminder goes out; 0 = none. */
  reminder_minutes_before: number;
  /** The business's name in e-mails, invites and the feed; null = the name the entity was created with. */
  name: string | null;
  /** The business's postal address: the invites' LOCATION and the e-mails' footer; null = none. */
  address: string | null;
  /** Dates and times formatted for it (`en-GB`, `en-US`, `fr-FR`); null = derived ({@link localeOf}). */
  locale: string | null;
}

export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  language: DEFAULT_SETTINGS.language,
  cancel_url: DEFAULT_SETTINGS.cancel_url,
  reminder_minutes_before: DEFAULT_SETTINGS.reminder_minutes_before,
  name: DEFAULT_SETTINGS.name,
  address: DEFAULT_SETTINGS.address,
  locale: DEFAULT_SETTINGS.locale,
};

/** Nothing a name or an address may hold: control, separator and bidirectional characters (hasUnsafeText). */
export const isPrintable = (text: string): boolean => !hasUnsafeText(text);

/** A locale of the e-mails: one of their languages, with a region (`en-GB`) or without (`en`). */
const LOCALE_FORM = /^([a-z]{2})(?:-([A-Z]{2}))?$/;

let regionNames: Intl.DisplayNames | undefined;
/** Codes ICU names that are no country: unknown, the EU, the eurozone, the UN, outlying Oceania. */
const NOT_COUNTRIES: ReadonlySet<string> = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO']);
/** A country ICU knows by name (`GB`, `US`, `FR`), not any two letters. */
const isKnownRegion = (region: string): boolean => {
  if (NOT_COUNTRIES.has(region)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  try {
    return regionNames.of(region) !== undefined;
  } catch {
    return false;
  }
};

/** A locale tag in its canonical case (`en-gb` → `en-GB`), or the text as given when it is not one. */
export function canonicalLocale(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}

/** Why a locale is refused, or null: `ll` or `ll-RR`, ll one of the e-mails' languages, RR a region. */
export function localeProblem(tag: string): string | null {
  const form = LOCALE_FORM.exec(canonicalLocale(tag));
  const language = form?.[1];
  if (!form || !language) return 'must be a language and a region, such as en-GB, en-US or fr-FR';
  if (!(LANGUAGES as readonly string[]).includes(language))
    return `must be a locale of ${LANGUAGES.join(' or ')}, such as en-GB, en-US or fr-FR`;
  if (form[2] !== undefined && !isKnownRegion(form[2])) return `has an unknown region ${form[2]}`;
  return null;
}

/** Why a locale does not suit the e-mails' language, or null: their words and dates speak one language. */
export function localeLanguageProblem(locale: string | null, language: Language): string | null {
  if (locale === null || locale.split('-')[0] === language) return null;
  return `must be a locale of the language ${language} (such as ${language}-${language === 'en' ? 'GB' : 'FR'}), or null`;
}

/**
 * The locale dates and times are written for: the `locale` setting, else the e-mails' language in the
 * entity's country (`en` + `GB` → `en-GB`, `fr` + `FR` → `fr-FR`), else the language alone.
 */
export function localeOf(settings: Pick<NotificationSettings, 'locale' | 'language'> & { country: string }) {
  if (settings.locale) return settings.locale;
  const region = settings.country.split('-')[0] ?? '';
  return /^[A-Z]{2}$/.test(region) && isKnownRegion(region)
    ? `${settings.language}-${region}`
    : settings.language;
}

/** The business's name: its `name` setting, else the name it was created with. */
export const businessName = (settings: Pick<NotificationSettings, 'name'>, createdAs: string): string =>
  settings.name ?? createdAs;

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
 * The link an e-mail gives to manage its appointment (docs/CONTRACT.md#notifications): the entity's
 * `cancel_url` with the token when it has one, else the service's own page `<public base>/manage#<token>`
 * (in the fragment, so no server and no log sees it); undefined when neither is known.
 */
export function manageLinkOf(
  cancelUrl: string | null,
  publicBase: string | undefined,
  cancelToken: string,
): string | undefined {
  if (cancelUrl) return cancelLinkOf(cancelUrl, cancelToken);
  if (!publicBase) return undefined;
  return `${publicBase.replace(/\/+$/, '')}/manage#${encodeURIComponent(cancelToken)}`;
}

/**
 * The fields of a settings change, spread into the entity's settings schema; built on first use, so the
 * functions that never change settings do not carry them.
 */
export const notificationPatchShape = () => ({
  language: z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` }),
  cancel_url: z.nullable(
    z.pipe(
      z
        .pipe(
          z.string().check(z.trim()),
          z.transform((url: string) => (url === '' ? null : url)),
        )
        .check(
          z.refine((url) => url === null || cancelUrlProblem(url) === null, {
            message: `must be an absolute https address (http only for localhost) of at most ${CANCEL_URL_MAX} characters with ${CANCEL_TOKEN_PLACEHOLDER} in it, without whitespace or control characters`,
          }),
        ),
      z.transform((url: string | null) => (url === null ? null : normalizedCancelUrl(url))),
    ),
  ),
  reminder_minutes_before: z.number().check(z.int(), z.gte(REMINDER_BOUNDS.min), z.lte(REMINDER_BOUNDS.max)),
  // null only as a new entity's default: the name it is created with applies.
  name: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(NAME_MAX, `must be at most ${NAME_MAX} characters`),
        z.refine(isPrintable, 'must not hold control characters'),
      ),
  ),
  address: z.nullable(
    z.pipe(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(ADDRESS_MAX, `must be at most ${ADDRESS_MAX} characters`),
          z.refine(isPrintable, 'must be one line without control characters'),
        ),
      z.transform((address: string) => (address === '' ? null : address)),
    ),
  ),
  locale: z.nullable(
    z
      .pipe(
        z.string().check(z.trim()),
        z.transform((tag: string) => (tag === '' ? null : canonicalLocale(tag))),
      )
      .check(
        z.superRefine((tag, ctx) => {
          const problem = tag === null ? null : localeProblem(tag);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
  ),
});
