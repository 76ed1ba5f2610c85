/**
 * E-mail addresses: a strict syntax check for bookings and /validation/email, and for `nofreeemail` the
 * free-provider list of free-email-domains-list (docs/CONTRACT.md#v2-in-short: "a maintained list of free providers ...
 * from a kept library"), topped up with French providers it lacks. The list (97,000 domains, 1.4 MB) is
 * read from the generated data file (data-files.ts: one line per domain, brotli, 450 KB) on the first
 * `nofreeemail` check, not parsed as a module when the function starts.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { FREE_EMAIL_DOMAINS_FILE } from '../../../core/data-files';
import { isValidEmail } from './email-syntax';

let domains: ReadonlySet<string> | undefined;
function freeDomains(): ReadonlySet<string> {
  domains ??= new Set(
    brotliDecompressSync(readFileSync(FREE_EMAIL_DOMAINS_FILE)).toString('utf8').split('\n'),
  );
  return domains;
}

export { isValidEmail };

/**
 * French providers of free (or ISP-bundled, like orange.fr and free.fr) mailboxes that the library's list
 * lacked when this was written (checked against free-email-domains-list 1.0.16, which already has
 * gmail.com, yahoo.fr, hotmail.fr, outlook.com, live.fr, orange.fr, wanadoo.fr, free.fr, laposte.net,
 * sfr.fr, neuf.fr...).
 */
export const EXTRA_FREE_DOMAINS: readonly string[] = Object.freeze([
  'bbox.fr',
  '9online.fr',
  'cegetel.net',
  'dartybox.com',
  'libertysurf.fr',
  'lycos.fr',
  'modulonet.fr',
  'nordnet.fr',
  'tele2.fr',
  'tiscali.fr',
]);

/**
 * Listed by the library but not anyone's mailbox provider: example.com is reserved for documentation
 * (RFC 2606), and it is the usual stand-in for a company address.
 */
export const NOT_FREE_DOMAINS: readonly string[] = Object.freeze(['example.com']);

/** True when a domain is a free (or ISP) mail provider's, compared case-insensitively. */
export function isFreeEmailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  if (NOT_FREE_DOMAINS.includes(d)) return false;
  return freeDomains().has(d) || EXTRA_FREE_DOMAINS.includes(d);
}

export type EmailVerdict = { valid: true } | { valid: false; message: string };

export const INVALID_EMAIL_MESSAGE = 'not a valid e-mail address';
export const FREE_EMAIL_MESSAGE = 'e-mail addresses from free providers are not accepted';

/** The /validation/email verdict: syntax, and with `nofreeemail` no free provider's address. */
export function validateEmail(raw: string, type: 'all' | 'nofreeemail'): EmailVerdict {
  if (!isValidEmail(raw)) return { valid: false, message: INVALID_EMAIL_MESSAGE };
  if (type === 'nofreeemail' && isFreeEmailDomain(raw.slice(raw.lastIndexOf('@') + 1))) {
    return { valid: false, message: FREE_EMAIL_MESSAGE };
  }
  return { valid: true };
}
