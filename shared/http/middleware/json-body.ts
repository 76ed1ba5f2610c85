import { MAX_BODY_BYTES, readJsonBody } from '../../shapes/json-body';
import type { AppRequest, Middleware } from './types';

export interface JsonBodyOptions {
  maxBytes?: number;
}

const defaults: Required<JsonBodyOptions> = { maxBytes: MAX_BODY_BYTES };

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
