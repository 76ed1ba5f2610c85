import type * as z from 'zod/v4/core';
import { conflict, idempotencyInProgress, invalidField } from '../../core/errors';
import { idempotencyCaller, sha256Hex } from '../../features/access';
import { logger as sharedLogger } from '../../logger';
import { withSourceStack } from '../../telemetry/source-stack';
import { answering } from '../scope';
import type { IdempotencyStore } from '../stack-deps';
import type { AppRequest, Middleware } from './types';

/** Retries within 24 hours with the same Idempotency-Key get the first answer (issue: idempotent booking). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** How long a claim holds its key when the runtime does not say how long the function may still run. */
export const DEFAULT_HOLD_MS = 30_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Deeper than this, a fingerprinted value is refused (the fields a schema reads are flat). */
const MAX_FINGERPRINT_DEPTH = 16;

export interface IdempotencyOptions {
  /** The store, asked for on first use so that nothing is built when the handler module loads. */
  store: () => IdempotencyStore;
  /** The route's body schema: the fingerprint covers the fields it reads, and only those. */
  bodySchema?: z.$ZodType | undefined;
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
export function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_FINGERPRINT_DEPTH) throw invalidField('body', 'nested too deeply');
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of a request: its validated body restricted to the fields the schema reads, so an
 * ignored extra field (however deep) neither costs work nor changes the request's identity.
 */
export function fingerprint(schema: z.$ZodType | undefined, body: unknown): string {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const read =
    shape && body !== null && typeof body === 'object'
      ? Object.fromEntries(Object.keys(shape).map((k) => [k, (body as Record<string, unknown>)[k]]))
      : body;
  return sha256Hex(canonical(read ?? {}));
}

/**
 * Idempotency claim, used after validation: a valid request with an Idempotency-Key either claims it
 * for as long as the function may still run, or gets the recorded answer (the envelope middleware
 * replays it), or the booking an earlier request committed before dying (the handler answers it again),
 * or is refused with 409 (same key with another request, or the first request still running). Debug
 * requests and public routes are skipped. A key belongs to its caller: the entity's secret tokens, or one
 * publishable key from one address (`visitor`); another caller's same key is a new request.
 *
 * Request state: reads `entity`, `visitor` (tokenCheck), `debug` and `input` (validation); writes
 * `idempotency` (the claim this request holds) or `replay` (the answer to give again).
 *
 * @example
 * // Idempotency-Key: order-17 from a key's visitor → claims E#salon / IDEMPOTENCY#VISITOR#key_1#<digest>#POST /api/v2/appointments#order-17
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
    const claim = await options.store().claim(app.entity.entityId, {
      route: event.routeKey,
      key,
      caller: idempotencyCaller(app.visitor),
      fingerprint: fingerprint(options.bodySchema, app.input?.body),
      nowMs: options.now(),
      holdMs: context.getRemainingTimeInMillis?.() ?? DEFAULT_HOLD_MS,
      keepSeconds: options.ttlSeconds,
    });
    if (claim.kind === 'mismatch') {
      throw conflict('Idempotency-Key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (claim.kind === 'in_progress') throw idempotencyInProgress();
    if (claim.kind === 'replay') app.replay = claim.answer;
    else app.idempotency = claim.mark;
  };
  return {
    before: idempotencyClaimBefore,
    state: { reads: ['entity', 'visitor', 'debug', 'input'], writes: ['idempotency', 'replay'] },
  };
};

/**
 * Idempotency record, used before the envelope so that it sees the built answer: keeps it for replays,
 * or, on a server failure (5xx), releases the key so that a retry may run again (a key under which a
 * booking was committed is never released). A failure to record is logged, never answered.
 */
export const idempotencyRecord = (opts: IdempotencyOptions): Middleware => {
  const options = { ...defaults, ...opts };

  const idempotencyRecordAfter = async (request: AppRequest): Promise<void> => {
    const { app } = request.context;
    const response = request.response;
    if (!app.idempotency || !app.entity || !response) return;
    const store = options.store();
    const mark = app.idempotency;
    // The record is part of the answer: it may use the time kept to answer (a 503 at the deadline releases its key).
    answering();
    try {
      if ((response.statusCode ?? 500) >= 500) await store.release(app.entity.entityId, mark);
      else {
        await store.complete(app.entity.entityId, mark, {
          statusCode: response.statusCode ?? 200,
          headers: { 'content-type': String(response.headers?.['content-type'] ?? 'application/json') },
          body: response.body ?? '',
        });
      }
    } catch (error) {
      options.logger.error('idempotency record failed', {
        request_id: app.requestId,
        error: withSourceStack(error),
      });
    }
  };
  return { after: idempotencyRecordAfter, onError: idempotencyRecordAfter };
};
