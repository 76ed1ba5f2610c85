/**
 * The SHA-256 digests of the cancel tokens an appointment item keeps (docs/design/data-model.md): its
 * booking's, as hex text in `cancel_token_hash` (as it always was), and its e-mails' in `link_hashes`, a
 * list of 32-byte Binary values, oldest first (half the size of hex: the item stays under 1 KB longer).
 * The booking feature writes them, the token check reads them: both through this one module.
 */

/** The attribute of the booking's own token's digest (hex). */
export const BOOKING_DIGEST = 'cancel_token_hash';
/** The attribute of the e-mails' tokens' digests (a list of Binary, oldest first). */
export const LINK_DIGESTS = 'link_hashes';

/** A hex digest as the bytes the item keeps. */
export const digestBytes = (hex: string): Uint8Array => Buffer.from(hex, 'hex');

/** The e-mails' digests of an item, hex, oldest first (none when it has none). */
export function linkDigestsOf(item: Record<string, unknown> | undefined): string[] {
  const value = item?.[LINK_DIGESTS];
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Uint8Array => v instanceof Uint8Array)
    .map((v) => Buffer.from(v).toString('hex'));
}

/** Every digest an appointment item accepts a cancel token by: its booking's and its e-mails'. */
export function keptDigestsOf(item: Record<string, unknown> | undefined): string[] {
  const booking = item?.[BOOKING_DIGEST];
  return [...(typeof booking === 'string' && booking !== '' ? [booking] : []), ...linkDigestsOf(item)];
}
