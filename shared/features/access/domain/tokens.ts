import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** v2 token: sha1_hex(sha1_hex(entity_account_id) + entity_secret_key), lowercase hex (docs/CONTRACT.md#tokens). */
export function v2Token(accountId: string, secret: string): string {
  const inner = createHash('sha1').update(accountId, 'utf8').digest('hex');
  return createHash('sha1')
    .update(inner + secret, 'utf8')
    .digest('hex');
}

/** v1 token: hmac_sha256_hex(key = entity_secret_key, message = entity_account_id), lowercase hex. */
export function v1Token(accountId: string, secret: string): string {
  return createHmac('sha256', secret).update(accountId, 'utf8').digest('hex');
}

/** What we store to recognise a token (or a cancel token): its SHA-256, never the token itself. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** An unguessable token: `bytes` random bytes (default 32, i.e. 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export type TokenKind = 'v1' | 'v2';
