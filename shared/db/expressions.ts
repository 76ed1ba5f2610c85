/**
 * ExpressionAttributeNames for every `#name` used in the given expressions, each standing for the
 * attribute of the same name. Aliasing every attribute avoids DynamoDB's reserved words (status,
 * capacity, date, count...), and deriving the map avoids its "unused name" error.
 */
export function attributeNames(...expressions: Array<string | undefined>): Record<string, string> {
  const tokens = expressions.join(' ').match(/#[A-Za-z_]\w*/g) ?? [];
  return Object.fromEntries([...new Set(tokens)].map((token) => [token, token.slice(1)]));
}

/** An UpdateExpression, with an optional ConditionExpression, and the attribute names they use. */
export function updateWhere(update: string, condition?: string) {
  return {
    UpdateExpression: update,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: attributeNames(update, condition),
  };
}

/**
 * The fields a record type is made of, all of them: `fieldsOf<SlotRecord>()([...])` fails to compile while
 * a field of the record is missing from the list (a projection of it would drop that field from reads).
 */
export const fieldsOf =
  <T>() =>
  <const K extends ReadonlyArray<keyof T & string>>(
    fields: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : never),
  ): K =>
    fields;

/**
 * A ProjectionExpression of these attributes and their names: a read asks for what its record is made of,
 * not the keys and index keys the item carries too (less for the store to send and the SDK to unmarshal).
 */
export function projecting(attributes: readonly string[]) {
  const expression = attributes.map((attribute) => `#${attribute}`).join(', ');
  return { ProjectionExpression: expression, ExpressionAttributeNames: attributeNames(expression) };
}

/** A ConditionExpression and the attribute names it uses. */
export function onlyIf(condition: string) {
  return { ConditionExpression: condition, ExpressionAttributeNames: attributeNames(condition) };
}

/** True when a write failed only because its condition did not hold. */
export const conditionFailed = (error: unknown): boolean =>
  (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** Sends a conditional write: true when it was written, false when its condition did not hold. */
export async function writtenIf(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
