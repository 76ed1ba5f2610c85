import { conflict, invalidField } from '../../domain/errors';
import { sha256Hex } from '../../domain/tokens';
import { logger as sharedLogger } from '../../logger';
import type { IdempotencyStore } from '../ports';
import type { AppRequest, Middleware } from './types';

/** Retries within 24 hours with the same Idempotency-Key get the first answer (issue: idempotent booking). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

export interface IdempotencyOptions {
  /** The store, asked for on first use so that nothing is built when the handler module loads. */
  store: () => IdempotencyStore;
  ttlSeconds?: number;
  now?: () => number;
  logger?: { error(message: string, fields: Record<string, unknown>): void };
}

const defaults = {
  ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
  now: () => Date.now(),
  logger: sharedLogger as NonNullable<IdempotencyOptions['logger']>,
};

/** JSON with sorted keys, so the same body in another key order or spacing is the same request. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotency claim, used after validation: a valid request with an Idempotency-Key either claims it,
 * or gets the recorded answer (the envelope middleware replays it), or is refused with 409 (same key
 * with another body, or the first request still running). Debug requests and public routes are skipped.
 */
export const idempotencyClaim = (opts: IdempotencyOptions): Middleware => {
  const options = { ...defaults, ...opts };

  const idempotencyClaimBefore = async (request: AppRequest): Promise<void> => {
    const { event, context } = request;
    const key = event.headers?.['idempotency-key'];
    const { app } = context;
    if (key === undefined || app.debug || !app.entity) return;
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw invalidField(
        'Idempotency-Key',
        'must be 1 to 128 letters, digits, dots, colons, dashes or underscores',
      );
    }
    const route = event.routeKey;
    const claim = await options
      .store()
      .claim(
        app.entity.entityId,
        route,
        key,
        sha256Hex(canonical(app.body ?? {})),
        Math.floor(options.now() / 1000),
        options.ttlSeconds,
      );
    if (claim.kind === 'mismatch') {
      throw conflict('Idempotency-Key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (claim.kind === 'in_progress') {
      throw conflict(
        'a request with this Idempotency-Key is in progress, retry later',
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    if (claim.kind === 'replay') app.replay = claim.answer;
    else app.idempotency = { route, key };
  };
  return { before: idempotencyClaimBefore };
};

/**
 * Idempotency record, used before the envelope so that it sees the built answer: keeps it for replays,
 * or, on a server failure (5xx), releases the key so that a retry may run again. A failure to record is
 * logged, never answered.
 */
export const idempotencyRecord = (opts: IdempotencyOptions): Middleware => {
  const options = { ...defaults, ...opts };

  const idempotencyRecordAfter = async (request: AppRequest): Promise<void> => {
    const { app } = request.context;
    const response = request.response;
    if (!app.idempotency || !app.entity || !response) return;
    const store = options.store();
    const { route, key } = app.idempotency;
    try {
      if ((response.statusCode ?? 500) >= 500) await store.release(app.entity.entityId, route, key);
      else {
        await store.complete(app.entity.entityId, route, key, {
          statusCode: response.statusCode ?? 200,
          headers: { 'content-type': String(response.headers?.['content-type'] ?? 'application/json') },
          body: response.body ?? '',
        });
      }
    } catch (error) {
      options.logger.error('idempotency record failed', { request_id: app.requestId, error });
    }
  };
  return { after: idempotencyRecordAfter, onError: idempotencyRecordAfter };
};
