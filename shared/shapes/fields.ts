import * as z from 'zod/mini';
import { isValidIsoDate, normalizeTime } from '../core/dates';
import type { ErrorCode } from '../core/errors';
import { hasUnsafeText, UNSAFE_CLASS } from '../core/safe-text';

/**
 * Request field builders. Each reports its own failure as a custom zod issue carrying the v1 error code
 * (`params.code`) and whether the field was missing (`params.missing`), so the validation middleware
 * can map any issue to either API's answer without guessing from zod's messages.
 *
 * Fields are required unless wrapped in `optional()`; an empty string counts as absent (query strings).
 *
 * Built with zod's `mini` flavour, as is everything a function builds when it loads: the classic flavour's
 * module and its schemas, which carry their methods, cost every function's cold start some 20 ms more
 * (docs/design/observability.md, "Cold starts as Lambda runs them").
 */

/** The transform's context: what it reads, and where a failure goes. */
export type Ctx = z.core.ParsePayload;

/** Records a failure on the field (a custom issue carrying the API's code) and gives zod's NEVER. */
const reject = (ctx: Ctx, message: string, params: { code?: ErrorCode; missing?: boolean }): never => {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, params });
  return z.NEVER;
};
/** A field's failure with its code (INVALID_PARAMETER unless given). */
export const fail = (ctx: Ctx, message: string, code: ErrorCode = 'INVALID_PARAMETER'): never =>
  reject(ctx, message, { code });
const absent = (value: unknown): boolean => value === undefined || value === null || value === '';

/** A schema that converts any value with `convert`, which records its own failures on `ctx`. */
export const converted = <T>(convert: (value: unknown, ctx: Ctx) => T) =>
  z.pipe(z.unknown(), z.transform(convert));

/** The schema with its JSON Schema (OpenAPI) description; what it accepts does not change. */
export const described = <S extends z.core.$ZodType>(schema: S, meta: Record<string, unknown>): S => {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), ...meta });
  return schema;
};

/**
 * The rules the fields enforce, as JSON Schema (docs/CONTRACT.md#what-the-document-states), so that a client
 * generated from docs/openapi.json never sends what they refuse.
 */
const NO_CONTROL = UNSAFE_CLASS;
/** No character hasUnsafeText refuses (controls, separators, bidi controls), and something left once trimmed. */
export const SAFE_TEXT_PATTERN = `^[^${NO_CONTROL}]*[^\\s${NO_CONTROL}][^${NO_CONTROL}]*$`;
/** A date YYYY-MM-DD of the years 1900 to 2200 (isValidIsoDate; the day must also exist). */
export const DATE_PATTERN = '^(19\\d{2}|2[01]\\d{2}|2200)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
/** The range as data (JSON Schema has no date bounds; the pattern holds them): x- extensions. */
export const DATE_BOUNDS = { 'x-formatMinimum': '1900-01-01', 'x-formatMaximum': '2200-12-31' } as const;

/** The field may be absent. */
export const optional = z.optional;

/** Makes a field builder from a converter that sees only present values. */
function field<T>(convert: (value: unknown, ctx: Ctx) => T, missingCode: ErrorCode | undefined = undefined) {
  return converted((value, ctx): T => {
    if (absent(value)) return reject(ctx, 'is required', { missing: true, code: missingCode });
    return convert(value, ctx);
  });
}

/** An integer from a JSON number or a decimal string ("12"), within bounds. */
export const int = (bounds: { min?: number; max?: number } = {}, missingCode?: ErrorCode) =>
  described(
    field((value, ctx) => {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\s*-?\d{1,16}\s*$/.test(value)
            ? Number(value)
            : Number.NaN;
      if (!Number.isSafeInteger(number)) return fail(ctx, 'must be an integer');
      if (bounds.min !== undefined && number < bounds.min) return fail(ctx, `must be at least ${bounds.min}`);
      if (bounds.max !== undefined && number > bounds.max) return fail(ctx, `must be at most ${bounds.max}`);
      return number;
    }, missingCode),
    {
      type: 'integer',
      ...(bounds.min !== undefined ? { minimum: bounds.min } : {}),
      ...(bounds.max !== undefined ? { maximum: bounds.max } : {}),
      description: 'a JSON number or a decimal string',
    },
  );

/** A positive integer id (path or body). */
export const id = (missingCode?: ErrorCode) => int({ min: 1, max: 9_999_999_999 }, missingCode);

/**
 * A string, trimmed, at most `max` characters, and not empty once trimmed; control characters (C0, DEL)
 * and lone surrogates anywhere in it are refused, so none reaches a mail header, a webhook or the feed.
 */
export const text = (max: number) =>
  described(
    field((value, ctx) => {
      if (typeof value !== 'string') return fail(ctx, 'must be a string');
      if (hasUnsafeText(value)) return fail(ctx, 'must not contain control characters or lone surrogates');
      const trimmed = value.trim();
      if (trimmed.length === 0) return fail(ctx, 'must not be empty');
      if (trimmed.length > max) return fail(ctx, `must be at most ${max} characters`);
      return trimmed;
    }),
    {
      type: 'string',
      minLength: 1,
      maxLength: max,
      pattern: SAFE_TEXT_PATTERN,
      description:
        'trimmed; no control character (U+0000-U+001F, U+007F-U+009F), line or paragraph separator (U+2028, U+2029), bidirectional control (U+202A-U+202E, U+2066-U+2069) nor lone surrogate',
    },
  );

/** A calendar date written YYYY-MM-DD. */
export const date = (options: { missingIsInvalid?: boolean } = {}) => {
  const check = (value: unknown, ctx: Ctx): string => {
    if (typeof value !== 'string' || !isValidIsoDate(value.trim())) {
      return fail(ctx, 'invalid date, expected YYYY-MM-DD', 'INVALID_DATE_FORMAT');
    }
    return value.trim();
  };
  // The opening-hours routes answer a missing date as a bad one (docs/CONTRACT.md#v2-in-short).
  return described(options.missingIsInvalid ? converted(check) : field(check), {
    type: 'string',
    format: 'date',
    pattern: DATE_PATTERN,
    ...DATE_BOUNDS,
    description: 'YYYY-MM-DD, a real date of the years 1900 to 2200',
  });
};

/** A wall-clock time HH:MM or HH:MM:SS, given as HH:MM:SS. */
export const clockTime = () =>
  described(
    field((value, ctx): string => {
      const time = typeof value === 'string' ? normalizeTime(value.trim()) : null;
      if (!time || time === '24:00:00') return fail(ctx, 'must be a time HH:MM:SS');
      return time;
    }),
    { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2})?$', description: 'HH:MM:SS (or HH:MM)' },
  );

/** One of a fixed set of strings. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  described(
    field((value, ctx): T[number] => {
      if (typeof value !== 'string' || !values.includes(value.trim())) {
        return fail(ctx, `must be one of ${values.join(', ')}`);
      }
      return value.trim() as T[number];
    }),
    { type: 'string', enum: [...values] },
  );

/** A boolean from true/false (JSON) or "true"/"false"/"1"/"0" (query string). */
export const bool = () =>
  described(
    field((value, ctx) => {
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return fail(ctx, 'must be true or false');
    }),
    { type: 'boolean' },
  );

/** A JSON object body; unknown fields are stripped before anything reads it (docs/CONTRACT.md#requests). */
export const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape);
/** A query or path parameter object; unknown parameters are ignored. */
export const params = <S extends z.core.$ZodLooseShape>(shape: S) => z.looseObject(shape);

/**
 * A string that may be cleared: null or "" → null, else the trimmed string of at most `max` characters
 * (its own rule is the service's to check).
 */
export const clearableText = (max: number) =>
  described(
    converted((value, ctx): string | null => {
      if (value === null || value === '') return null;
      if (typeof value !== 'string') return fail(ctx, 'must be a string or null');
      const trimmed = value.trim();
      if (trimmed.length > max) return fail(ctx, `must be at most ${max} characters`);
      return trimmed === '' ? null : trimmed;
    }),
    { type: ['string', 'null'], maxLength: max, description: 'trimmed; null or "" clears it' },
  );
