import { AppError, invalidField, resourceNotFound } from '../../../core/errors';
import {
  isExactOrigin,
  MAX_KEYS_PER_ENTITY,
  newKeyId,
  newPublishableKey,
  ORIGINS_PER_KEY,
  type PublishableKey,
} from '../domain/publishable-keys';
import { sha256Hex } from '../domain/tokens';
import type { PublishableKeyStore } from '../ports';

export interface NewKey {
  name: string;
  allowed_origins: string[];
  /** The key also opens the hosted booking page `GET /book/{key}`. */
  hosted_page?: boolean | undefined;
}

/** What publishable keys need: their store, and a clock (tests set it). */
export interface KeyServiceDeps {
  keys: PublishableKeyStore;
  now?: () => Date;
}

/** Publishable keys (docs/CONTRACT.md#publishable-keys): made, listed and removed with the secret token. */
export class KeyService {
  private readonly now: () => Date;

  constructor(private readonly deps: KeyServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Creates a key; the key itself is in this answer only (the store keeps its SHA-256). */
  async create(entityId: string, input: NewKey): Promise<PublishableKey & { key: string }> {
    const origins = [...new Set(input.allowed_origins)];
    if (origins.length < ORIGINS_PER_KEY.min || origins.length > ORIGINS_PER_KEY.max) {
      throw invalidField(
        'allowed_origins',
        `must list ${ORIGINS_PER_KEY.min} to ${ORIGINS_PER_KEY.max} origins`,
      );
    }
    const bad = origins.find((origin) => !isExactOrigin(origin));
    if (bad !== undefined) {
      throw invalidField(
        'allowed_origins',
        `${JSON.stringify(bad)} is not an exact origin (scheme://host[:port])`,
      );
    }
    const key = newPublishableKey();
    const record: PublishableKey = {
      id: newKeyId(),
      name: input.name,
      scope: 'booking',
      allowed_origins: origins,
      hosted_page: input.hosted_page === true,
      created_at: this.now().toISOString(),
    };
    if (!(await this.deps.keys.create(entityId, record, sha256Hex(key), MAX_KEYS_PER_ENTITY))) {
      throw new AppError(
        'conflict',
        'INVALID_PARAMETER',
        `an entity has at most ${MAX_KEYS_PER_ENTITY} publishable keys`,
      );
    }
    return {
      id: record.id,
      key,
      name: record.name,
      scope: record.scope,
      allowed_origins: origins,
      hosted_page: record.hosted_page,
      created_at: record.created_at,
    };
  }

  async list(entityId: string): Promise<PublishableKey[]> {
    return this.deps.keys.list(entityId);
  }

  /** Removes a key: it stops working at once; an unknown id is 404. */
  async remove(entityId: string, keyId: string): Promise<void> {
    if (!(await this.deps.keys.remove(entityId, keyId))) throw resourceNotFound('publishable key');
  }
}
