import * as z from 'zod/mini';
import { hasUnsafeText } from '../../../core/safe-text';

/**
 * A business's own look and money (docs/CONTRACT.md#self-service): the currency its prices are in, the
 * colour and the logo its widget, pages and e-mails carry.
 */
export interface BrandSettings {
  /** ISO 4217 code of every price (services' `price`, in its minor units). */
  currency: string;
  /** `#rrggbb` on which white text has a WCAG AA contrast (4.5:1); null = the pages' own blue. */
  brand_color: string | null;
  /** An https address of the business's logo; null = none. */
  logo_url: string | null;
}

export const LOGO_URL_MAX = 500;
/** WCAG 2 AA for normal text: white on the brand colour must reach this ratio. */
export const MIN_CONTRAST = 4.5;

let currencies: ReadonlySet<string> | undefined;
/** An ISO 4217 code the runtime's Intl knows (EUR, USD, JPY...), upper case. */
export const isCurrency = (code: string): boolean => {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
};

/** The relative luminance of `#rrggbb` (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on `#rrggbb`, from 1 (white) to 21 (black). */
export const whiteContrast = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** Why a brand colour is refused, or null: `#rrggbb` on which white text reaches MIN_CONTRAST. */
export function brandColorProblem(color: string): string | null {
  if (!/^#[0-9a-f]{6}$/.test(color)) return 'must be a colour written #rrggbb, such as #1d4ed8';
  const ratio = whiteContrast(color);
  if (ratio < MIN_CONTRAST)
    return `white text on ${color} has a contrast of ${ratio.toFixed(2)}:1, under the ${MIN_CONTRAST}:1 of WCAG AA: choose a darker colour`;
  return null;
}

/** Why a logo address is refused, or null: an absolute https address, no whitespace, user name or password. */
export function logoUrlProblem(url: string): string | null {
  if (url.length > LOGO_URL_MAX) return `must be at most ${LOGO_URL_MAX} characters`;
  if (/\s/.test(url) || hasUnsafeText(url)) return 'must not contain whitespace or control characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute https address of an image';
  }
  if (parsed.protocol !== 'https:') return 'must be an https address of an image';
  if (parsed.username || parsed.password) return 'must not hold a user name or password';
  return null;
}

/** A check that names its problem (the settings' 400 says it). */
const problemCheck = (problemOf: (value: string) => string | null) =>
  z.superRefine((value: string | null, ctx) => {
    const problem = value === null ? null : problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** '' clears a nullable setting. */
const clearable = (normalize: (value: string) => string) =>
  z.pipe(
    z.string().check(z.trim()),
    z.transform((value: string) => (value === '' ? null : normalize(value))),
  );

/** The fields of a settings change, spread into the entity's settings schema (built on first use). */
export const brandPatchShape = () => ({
  currency: z
    .pipe(
      z.string().check(z.trim()),
      z.transform((code: string) => code.toUpperCase()),
    )
    .check(z.refine(isCurrency, 'must be an ISO 4217 currency code such as EUR, USD or JPY')),
  brand_color: z.nullable(clearable((color) => color.toLowerCase()).check(problemCheck(brandColorProblem))),
  logo_url: z.nullable(
    z.pipe(
      clearable((url) => url).check(problemCheck(logoUrlProblem)),
      z.transform((url: string | null) => (url === null ? null : new URL(url).href)),
    ),
  ),
});

/**
 * How many minor units a currency has (EUR 2, JPY 0, BHD 3), as Intl knows it: a price of 4550 EUR is
 * 45.50.
 */
export const minorDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A price in minor units written for a locale: 4550 EUR in fr-FR is "45,50 €", in en-GB "€45.50". */
export const formatPrice = (price: number, currency: string, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price / 10 ** minorDigits(currency));
