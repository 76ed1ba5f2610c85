/** Keys of the people of an entity (issue 60): staff members, sign-in links, sessions, passkeys. */
import { RATE_PARTITION_PREFIX } from './access';
import { inEntity, type Key } from './parts';

/** A staff member of an entity, by its e-mail address (lower-cased). */
export const staffMember = (entityId: string, email: string): Key => inEntity(entityId, `STAFF#${email}`);

export const staffPrefix = (entityId: string): Key => inEntity(entityId, 'STAFF#');

/** A sign-in link, found by the SHA-256 of its token (the token is never stored). */
export const signInLink = (tokenHash: string): Key => ({ pk: `SIGNIN#${tokenHash}`, sk: 'SIGNIN' });

/**
 * A session, found by the SHA-256 of its cookie. Under the rate counters' partition prefix, because a read
 * route's role may update items there and nowhere else (infra/table-access.ts): a read with a session
 * records its last use (the idle timeout) without a write grant.
 */
export const session = (tokenHash: string): Key => ({
  pk: `${RATE_PARTITION_PREFIX}#SESSION#${tokenHash}`,
  sk: 'SESSION',
});

/** A sign-in limit's counter for one window: an address (its SHA-256) or a visitor (its network address). */
export const signInCounter = (what: 'address' | 'visitor', id: string, windowStart: number): Key => ({
  pk: `${RATE_PARTITION_PREFIX}#SIGNIN#${what}#${id}`,
  sk: String(windowStart),
});

/** A passkey, found by its credential id (base64url), wherever it signs in. */
export const passkey = (credentialId: string): Key => ({ pk: `PASSKEY#${credentialId}`, sk: 'PASSKEY' });

/** A staff member's passkeys, listed in the entity's partition (the item names the credential id). */
export const staffPasskey = (entityId: string, email: string, credentialId: string): Key =>
  inEntity(entityId, `PASSKEYOF#${email}#${credentialId}`);

/** A WebAuthn challenge handed out, found by its own value (single use, five minutes). */
export const passkeyChallenge = (challenge: string): Key => ({
  pk: `WEBAUTHN#${challenge}`,
  sk: 'CHALLENGE',
});
