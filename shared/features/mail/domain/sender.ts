/**
 * Who an e-mail comes from and whom a reply reaches (docs/NOTIFICATIONS.md#sender): the business's name
 * on the stage's own sender address, and the business's first `notify_emails` address for replies.
 */

/** The address of a sender written `Name <address>`, or the text itself when it is an address alone. */
export const senderAddress = (from: string): string => /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * `"<name>" <address>` (RFC 5322): the name as a quoted string when it is ASCII (`"` and `\` escaped),
 * else one RFC 2047 encoded word (UTF-8, base64), which SES and every mail reader decode. The name has no
 * control character (the `name` setting refuses them).
 */
export function businessSender(name: string, stageFrom: string): string {
  const address = senderAddress(stageFrom);
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return stageFrom;
  const display = /^[\x20-\x7e]*$/.test(clean)
    ? `"${clean.replace(/(["\\])/g, '\\$1')}"`
    : encodedWords(clean);
  return `${display} <${address}>`;
}

/** Text as RFC 2047 encoded words of at most 75 characters each (45 bytes of UTF-8 a word), space-separated. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  const flush = () => {
    if (chunk) words.push(`=?UTF-8?B?${Buffer.from(chunk, 'utf8').toString('base64')}?=`);
    chunk = '';
  };
  for (const char of text) {
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) flush();
    chunk += char;
  }
  flush();
  return words.join(' ');
}

/** Where a reply goes: the business's first `notify_emails` address; none when it has none. */
export const replyToOf = (settings: { notify_emails?: readonly string[] | null }): string | undefined =>
  settings.notify_emails?.[0] ?? undefined;
