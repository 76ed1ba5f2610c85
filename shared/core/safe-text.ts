/**
 * docs/CONTRACT.md#requests: text the API stores (names, e-mails, notes, addresses) holds no control
 * character (C0: U+0000 to U+001F, DEL: U+007F) and no UTF-16 surrogate outside a pair, so none reaches a
 * mail header, a webhook or the feed.
 */
export function hasUnsafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
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
