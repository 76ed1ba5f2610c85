/** What publishable keys and limits need of a store (see services/ports.ts). */
import type { CounterStep, CountOutcome, Limits } from '../../domain/access/limits';
import type { PublishableKey } from '../../domain/access/publishable-keys';

export interface PublishableKeyStore {
  /** Creates the key and the token item that finds it by hash; false when the entity has its maximum. */
  create(entityId: string, key: PublishableKey, keyHash: string, max: number): Promise<boolean>;
  list(entityId: string): Promise<PublishableKey[]>;
  /** Removes the key and its token item at once; false when there was none. */
  remove(entityId: string, keyId: string): Promise<boolean>;
}

export type { Admission } from '../../domain/access/limits';

/** Where the limits are kept and counted: it stores, it does no arithmetic (domain/access/limits.ts does). */
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
