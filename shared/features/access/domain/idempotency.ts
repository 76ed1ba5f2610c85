/** Idempotency-Key records (docs/CONTRACT.md#requests): what a key holds and what a claim answers. */
import type { Visitor } from './limits';
import { sha256Hex } from './tokens';

/** The answer kept for an Idempotency-Key, replayed as it was. */
export interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An Idempotency-Key a request holds: the claim it won, and what it answers. `committed` is set when an
 * earlier request with the same key committed its booking but died before answering: the booking is
 * answered again from it instead of being made twice.
 */
export interface IdempotencyMark {
  route: string;
  key: string;
  /** Whose key it is, when not the entity's secret tokens': see `idempotencyCaller`. */
  caller?: string | undefined;
  claimId: string;
  /** Seconds since the epoch after which the record may be deleted (DynamoDB TTL). */
  keepUntil: number;
  committed?: unknown;
}

export type Claim =
  | { kind: 'claimed'; mark: IdempotencyMark }
  | { kind: 'committed'; mark: IdempotencyMark }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

export interface ClaimRequest {
  route: string;
  key: string;
  /** Whose key it is (`idempotencyCaller`): absent for the entity's secret tokens. */
  caller?: string | undefined;
  /** SHA-256 of the validated request: the same key with another request is refused. */
  fingerprint: string;
  nowMs: number;
  /** How long a claim holds the key: the function's timeout, after which its request is surely dead. */
  holdMs: number;
  /** How long the answer is kept for replays. */
  keepSeconds: number;
}

/**
 * Whose Idempotency-Key a request holds (docs/CONTRACT.md#requests): the entity's secret tokens share one
 * scope (undefined: the entity's own); a publishable key's request is one visitor's, the key and the
 * caller's address (kept as a SHA-256, never as the address). Another caller's same key is another request.
 */
export const idempotencyCaller = (visitor: Visitor | undefined): string | undefined =>
  visitor ? `VISITOR#${visitor.keyId}#${sha256Hex(visitor.ip).slice(0, 32)}` : undefined;
