/**
 * Cancel tokens (docs/CONTRACT.md#cancel-tokens): the client's link to one appointment. A token made now
 * names its entity and appointment, so that checking it is one read of the appointment, which keeps the
 * SHA-256 of every token it accepts; the names are trusted only once that digest matches. A token of the
 * earlier shape (43 characters, found through its CANCEL# and TOKEN# items) keeps working as it did.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Where an appointment's cancel token points: its entity and its id. */
export interface CancelTokenRef {
  entityId: string;
  appointmentId: number;
}

/**
 * `ct_<entity id, base64url>.<appointment id>.<256 random bits, base64url>`: an entity id is 1 to 64
 * characters (2 to 86 in base64url), an appointment id at most 10 digits (the keys' padded width).
 */
const SHAPE = /^ct_([A-Za-z0-9_-]{2,86})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;
/** What an entity id may be made of (AccountIdSchema's rule): anything else is no entity of ours. */
const ENTITY_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The shape of a cancel token issued before tokens named their appointment (256 random bits, base64url). */
export const LEGACY_CANCEL_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new cancel token of an appointment: shown once (the booking's answer, an e-mail's link), kept as its SHA-256. */
export function newCancelToken(ref: CancelTokenRef): string {
  const entity = Buffer.from(ref.entityId, 'utf8').toString('base64url');
  return `ct_${entity}.${ref.appointmentId}.${randomBytes(32).toString('base64url')}`;
}

/**
 * The cancel token of one e-mail's manage link, the same each time it is made: the shape of newCancelToken,
 * its last part the HMAC-SHA256 of the entity, the appointment and the e-mail's key under `secret` (32
 * random bytes the e-mail's own record keeps while it is being sent, never shown), so a retried send
 * carries the link the first try made, and nothing the client sees tells the secret.
 */
export function emailCancelToken(ref: CancelTokenRef, secret: Uint8Array, emailKey: string): string {
  const entity = Buffer.from(ref.entityId, 'utf8').toString('base64url');
  const part = createHmac('sha256', secret)
    .update(`${ref.entityId}\n${ref.appointmentId}\n${emailKey}`)
    .digest('base64url');
  return `ct_${entity}.${ref.appointmentId}.${part}`;
}

/**
 * The entity and appointment a token of the current shape names, or null for anything else (a token of the
 * earlier shape among them). What it names is a claim until the appointment is read and keeps the token's
 * digest: a forged token names what it likes and is refused as an unknown one.
 */
export function cancelTokenRef(token: string): CancelTokenRef | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  const [, entity = '', id = ''] = match;
  const entityId = Buffer.from(entity, 'base64url').toString('utf8');
  // One spelling per entity id: the canonical base64url of what it decodes to, and an id's own characters.
  if (Buffer.from(entityId, 'utf8').toString('base64url') !== entity || !ENTITY_ID.test(entityId))
    return null;
  return { entityId, appointmentId: Number(id) };
}

/**
 * Whether `hash` (hex SHA-256) is one of the digests an appointment keeps, compared in constant time: every
 * kept digest is compared, whichever matches, so the time says nothing of which or how much matched.
 */
export function keepsDigest(kept: readonly string[], hash: string): boolean {
  const wanted = Buffer.from(hash, 'hex');
  let found = false;
  for (const digest of kept) {
    const candidate = Buffer.from(digest, 'hex');
    const same =
      candidate.length === wanted.length && wanted.length > 0 && timingSafeEqual(candidate, wanted);
    found = same || found;
  }
  return found;
}

/**
 * How many e-mails' tokens an appointment keeps besides its booking's: the newest ones. Minting one more
 * forgets the oldest, so the links of the last LINK_TOKENS_KEPT e-mails work and an older one answers as an
 * unknown token; the booking's own token is kept apart and never forgotten.
 */
export const LINK_TOKENS_KEPT = 5;
