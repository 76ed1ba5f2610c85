/**
 * The ports of access (tokens, publishable keys, limits, Idempotency-Key claims): what the token check,
 * the key and limit services and the idempotency middleware need of a store. The DynamoDB repositories
 * (shared/features/access/store, shared/features/access/store/idempotency-repository.ts) implement them.
 */

import type { CancelTokenRef } from './domain/cancel-tokens';
import type { Claim, ClaimRequest, IdempotencyMark, StoredAnswer } from './domain/idempotency';
import type { CounterStep, CountOutcome, Limits } from './domain/limits';
import type { PublishableKey } from './domain/publishable-keys';
import type { TokenRecord } from './domain/tenant';

export interface TokenLookup {
  findToken(tokenHash: string): Promise<TokenRecord | null>;
  /**
   * A cancel token of the current shape, by the appointment it names and the token's SHA-256: its record
   * when that appointment keeps the digest (its booking's token or one of its e-mails'), else null.
   */
  findCancelToken(ref: CancelTokenRef & { tokenHash: string }): Promise<TokenRecord | null>;
}

export interface PublishableKeyStore {
  /** Creates the key and the token item that finds it by hash; false when the entity has its maximum. */
  create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean>;
  list(entityId: string): Promise<PublishableKey[]>;
  /** Removes the key and its token item at once; false when there was none. */
  remove(entityId: string, keyId: string): Promise<boolean>;
}

export type { Admission } from './domain/limits';

/** Where the limits are kept and counted: it stores, it does no arithmetic (domain/limits.ts does). */
export interface LimitStore {
  /** The limits an operator set for the entity (absent: none set). */
  get(entityId: string): Promise<Partial<Limits> | null>;
  set(entityId: string, limits: Partial<Limits>): Promise<void>;
  /**
   * Adds one to every counter, all or none: none when one is at its cap. Answers each count after, or
   * the index of a counter at its cap.
   */
  count(entityId: string, steps: readonly CounterStep[]): Promise<CountOutcome>;
}

export interface IdempotencyStore {
  claim(entityId: string, request: ClaimRequest): Promise<Claim>;
  /** Keeps the answer for replays, if the claim is still this request's. */
  complete(entityId: string, mark: IdempotencyMark, answer: StoredAnswer): Promise<void>;
  /** Frees the key after a failure on our side, unless a booking was committed under it. */
  release(entityId: string, mark: IdempotencyMark): Promise<void>;
}
