/**
 * The ports of the entities and their settings: the entity record (created by the admin, its tokens
 * rotated) and the versioned settings the self-service API reads and replaces. The DynamoDB repositories
 * (shared/features/operations/store/entity-repository.ts, shared/features/settings/store) implement them.
 */
import type { TokenKind } from '../access/domain/tokens';
import type { EntityRecord, EntitySettings, NewEntity, VersionedSettings } from './domain/entity';

export interface SettingsLookup {
  get(entityId: string): Promise<VersionedSettings | null>;
}
export interface EntityStore {
  create(input: NewEntity): Promise<void>;
  get(entityId: string): Promise<EntityRecord | null>;
  list(): Promise<string[]>;
  replaceTokens(
    entityId: string,
    oldHashes: Record<TokenKind, string>,
    newHashes: Record<TokenKind, string>,
    now: string,
    settings: VersionedSettings,
  ): Promise<void>;
  replaceSettings(
    entityId: string,
    read: VersionedSettings,
    next: EntitySettings,
    tokenHashes: Record<TokenKind, string>,
  ): Promise<boolean>;
}
