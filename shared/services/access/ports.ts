/** What publishable keys and limits need of a store (see services/ports.ts). */
import type { Limits, Policy, PolicyState } from '../../domain/access/limits';
import type { PublishableKey } from '../../domain/access/publishable-keys';

export interface PublishableKeyStore {
  /** Creates the key and the token item that finds it by hash; false when the entity has its maximum. */
  create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean>;
  list(entityId: string): Promise<PublishableKey[]>;
  /** Removes the key and its token item at once; false when there was none. */
  remove(entityId: string, keyId: string): Promise<boolean>;
}

/** The outcome of counting one request against the policies that apply to it. */
export type Admission =
  | { ok: true; states: PolicyState[] }
  | { ok: false; refused: Policy; retryAfter: number; states: PolicyState[] };

export interface LimitStore {
  /** The limits an operator set for the entity (absent: none set). */
  get(entityId: string): Promise<Partial<Limits> | null>;
  set(entityId: string, limits: Partial<Limits>): Promise<void>;
  /** Counts one request in every policy's current window, all or none: none when one is at its quota. */
  admit(entityId: string, policies: readonly Policy[], nowMs: number): Promise<Admission>;
}
