/** Every key of every member of a union (keyof a union gives only the keys they share). */
type KeysOf<U> = U extends unknown ? keyof U : never;

/**
 * A presenter for a value a service already shapes (reports, verdicts, hours): it passes the value
 * through typed as the documented record, and a top-level field the record does not declare is a compile
 * error. Nested fields are held by the tests, which validate every answer against docs/openapi.json.
 */
export const documented =
  <Shape>() =>
  <T extends Shape>(value: T & { [K in Exclude<KeysOf<T>, KeysOf<Shape>>]: never }): Shape =>
    value;
