/** The parts every key of shared/db/keys is made of: the key's shape, padded ids, the entity's partition. */

export interface Key {
  pk: string;
  sk: string;
}

/** Zero-padded id, so ids sort numerically inside sort keys. */
export const padId = (id: number): string => id.toString().padStart(10, '0');

/** One appointment in a client's rank (ids are below 10^10: padId's width). */
export const RANK_STEP = 10_000_000_000;

export const entityPk = (entityId: string): string => `E#${entityId}`;

/** An item in the entity's own partition. */
export const inEntity = (entityId: string, sk: string): Key => ({ pk: entityPk(entityId), sk });

/** The entity an item belongs to, from its partition key (stream records carry only the item). */
export const entityIdOfPk = (pk: string): string | null => (pk.startsWith('E#') ? pk.slice(2) : null);
