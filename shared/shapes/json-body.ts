import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { invalidJson, payloadTooLarge } from '../core/errors';

/** A request body larger than this is refused with 413 (docs/CONTRACT.md#requests). */
export const MAX_BODY_BYTES = 64 * 1024;

/** An event's body as JSON: `{}` when empty; 413 over `maxBytes`, 400 INVALID_JSON when malformed. */
export function readJsonBody(event: APIGatewayProxyEventV2, maxBytes = MAX_BODY_BYTES): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw payloadTooLarge(maxBytes);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}
