import { invalidJson, payloadTooLarge } from '../../core/errors';
import type { AppRequest, Event, Middleware } from './types';

/** A request body larger than this is refused with 413 (docs/CONTRACT.md#requests). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface JsonBodyOptions {
  maxBytes?: number;
}

const defaults: Required<JsonBodyOptions> = { maxBytes: MAX_BODY_BYTES };

/** An event's body as JSON: `{}` when empty; 413 over `maxBytes`, 400 INVALID_JSON when malformed. */
export function readJsonBody(event: Event, maxBytes = MAX_BODY_BYTES): unknown {
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

/**
 * JSON body whatever the Content-Type: too large is 413, malformed is 400 INVALID_JSON, empty is `{}`.
 *
 * Request state: writes `body`. Reads nothing.
 *
 * @example
 * // body '{"slot_id": 12}' → context.app.body = { slot_id: 12 }; body '' → {}; body '{' → 400 INVALID_JSON
 */
export const jsonBody = (opts: JsonBodyOptions = {}): Middleware => {
  const options = { ...defaults, ...opts };

  const jsonBodyBefore = (request: AppRequest): void => {
    request.context.app.body = readJsonBody(request.event, options.maxBytes);
  };
  return { before: jsonBodyBefore, state: { reads: [], writes: ['body'] } };
};
