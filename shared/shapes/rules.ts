/**
 * The rules of a request body that its fields alone do not say, as JSON Schema for docs/openapi.json
 * (docs/CONTRACT.md#what-the-document-states). They describe checks the handlers and services make; they
 * change nothing a request is refused or accepted for. Put on a body with `described()` (fields.ts).
 */

/** At least one of these groups of fields, each group whole. */
export const oneGroupOf = (...groups: string[][]) => ({
  // Inside allOf, so that generated client types keep the body's fields (anyOf beside properties makes
  // openapi-typescript answer `Body | unknown`).
  allOf: [{ anyOf: groups.map((required) => ({ required })) }],
});

/** At least one of these fields (unknown fields do not count, being ignored). */
export const atLeastOneOf = (fields: readonly string[]) => ({
  minProperties: 1,
  ...oneGroupOf(...fields.map((field) => [field])),
});

type Schema = Record<string, unknown>;
/** JSON Schema's if/then/else: a body that matches `when` must match `then`, any other `otherwise`. */
export const conditional = (when: Schema, then: Schema, otherwise?: Schema): Schema => ({
  if: when,
  then,
  ...(otherwise ? { else: otherwise } : {}),
});

/** When `field` is sent as `value`, the `required` fields must be sent too, as text (not null). */
export const requiredWhen = (field: string, value: unknown, required: string[]) =>
  conditional(
    { properties: { [field]: { const: value } }, required: [field] },
    {
      required,
      properties: Object.fromEntries(required.map((name) => [name, { type: 'string', minLength: 1 }])),
    },
  );

/** An E.164 number or a national one of the account's country: digits, with spaces, dots, dashes, brackets. */
export const PHONE = {
  pattern: '^\\+?[0-9 ().\\-]*[0-9][0-9 ().\\-]*$',
  description:
    "E.164 (+33612345678) or a national number of the account's country (06 12 34 56 78); spaces, dots, dashes and brackets allowed; it must be a valid number of its numbering plan",
} as const;

/** A subschema that requires these fields, each of this type (if/then/else name what they require). */
export const needs = (fields: Record<string, 'string' | 'integer'>) => ({
  required: Object.keys(fields),
  properties: Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, { type }])),
});
