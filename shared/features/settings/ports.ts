/**
 * The ports of the entities' settings: the versioned settings the self-service API reads and replaces,
 * and the token items' copies replaced with them. The DynamoDB repositories
 * (shared/features/operations/store/entity-repository.ts, shared/features/settings/store) implement them.
 */
import type { EntitySettings, VersionedSettings } from './domain/entity';

/** The hashes of an entity's secret tokens, by API: the token items whose settings copies move with the settings. */
export type TokenHashes = Readonly<Record<string, string>>;

export interface SettingsLookup {
  get(entityId: string): Promise<VersionedSettings | null>;
}

/** Where settings are replaced: the settings item and every token item's copy, in one transaction. */
export interface SettingsStore {
  get(entityId: string): Promise<{ token_hashes: TokenHashes } | null>;
  replaceSettings(
    entityId: string,
    read: VersionedSettings,
    next: EntitySettings,
    tokenHashes: TokenHashes,
  ): Promise<boolean>;
}
