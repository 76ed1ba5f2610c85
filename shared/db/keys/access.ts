/** Keys of the credentials (tokens, publishable keys), the rate counters and the cursor key. */
import { inEntity, type Key } from './parts';

/** A token is found by the SHA-256 of its text; the token itself is never stored. */
export const token = (tokenHash: string): Key => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });

/** A publishable key of an entity (its key is found through a token item, by the key's SHA-256). */
export const publishableKey = (entityId: string, keyId: string): Key => inEntity(entityId, `PKEY#${keyId}`);

export const publishableKeyPrefix = (entityId: string): Key => inEntity(entityId, 'PKEY#');

/** How many publishable keys an entity has (at most MAX_KEYS_PER_ENTITY, held by a condition). */
export const publishableKeyCount = (entityId: string): Key => inEntity(entityId, 'PKEYS');

/**
 * The partitions of the rate counters, `RATE#<entity>`: apart from every other item, so that a read route's
 * role may move counters (UpdateItem) and nothing else (a `dynamodb:LeadingKeys` condition on this prefix,
 * infra/table-access.ts). Each tenant's counters still sit in a partition of their own.
 */
export const RATE_PARTITION_PREFIX = 'RATE#';

/** A limit's counter for one fixed window: the entity's, or one publishable key and caller address's. */
export const rateCounter = (
  entityId: string,
  policy: string,
  windowStart: number,
  visitor?: { keyId: string; ip: string },
): Key => ({
  pk: `${RATE_PARTITION_PREFIX}${entityId}`,
  sk: visitor ? `${policy}#${visitor.keyId}#${visitor.ip}#${windowStart}` : `${policy}#${windowStart}`,
});

/**
 * The table's cursor key: 32 random bytes that seal v1 list cursors, written once by the first read route
 * that needs it. Under the rate counters' partition prefix because that is where a read route may write
 * (infra/table-access.ts, `dynamodb:LeadingKeys`); `#` is never in an account id, so no entity's counters
 * share it.
 */
export const cursorKey = (): Key => ({ pk: `${RATE_PARTITION_PREFIX}#CURSORKEY`, sk: 'CURSORKEY' });
