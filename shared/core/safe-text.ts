/**
 * docs/CONTRACT.md#requests: text the API stores (names, e-mails, notes, addresses, URLs) holds no control
 * character and no character that changes how the text around it is laid out, so none reaches a mail header,
 * a subject, a page, a calendar file, a webhook or the feed:
 * - C0 controls U+0000 to U+001F, DEL U+007F and C1 controls U+0080 to U+009F;
 * - the line and paragraph separators U+2028 and U+2029;
 * - the bidirectional embeddings and overrides U+202A to U+202E and isolates U+2066 to U+2069;
 * - a UTF-16 surrogate outside a pair.
 */
export function hasUnsafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isUnsafeUnit(c)) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** The refused characters (surrogates aside), as ranges of code units. */
export const UNSAFE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

/** The refused characters as the inside of a regular-expression class (`\u0000-\u001f…`), for JSON Schema patterns. */
export const UNSAFE_CLASS = UNSAFE_RANGES.map(
  ([from, to]) => `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`,
).join('');

/** One code unit of UNSAFE_RANGES (written out: this runs for every character of every text field). */
const isUnsafeUnit = (c: number): boolean =>
  c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
