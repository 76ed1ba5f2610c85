/**
 * E-mail addresses: a strict syntax check for bookings and /validation/email, and for `nofreeemail` the
 * free-provider list of free-email-domains-list (DECISIONS.md: "a maintained list of free providers ...
 * from a kept library"), topped up with French providers it lacks.
 */
import { DOMAINS } from 'free-email-domains-list';

const MAX_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;

/** RFC 5322 dot-atom local part (no quoted strings: no booking needs them and they hide mistakes). */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A DNS label: letters (IDN allowed), digits and inner hyphens, at most 63 characters. */
const LABEL = /^(?=.{1,63}$)[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
/** A top-level domain: two or more letters, or a punycode one (xn--...). */
const TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/** Syntax only (local@domain.tld, ≤ 254 characters, no spaces, valid labels, TLD of 2+ letters); no DNS. */
export function isValidEmail(raw: string): boolean {
  if (raw.length === 0 || raw.length > MAX_LENGTH) return false;
  const at = raw.lastIndexOf('@');
  if (at <= 0) return false;
  const local = raw.slice(0, at);
  const domain = raw.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL.test(local)) return false;
  if (domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1];
  if (labels.length < 2 || tld === undefined || !TLD.test(tld)) return false;
  return labels.every((label) => LABEL.test(label));
}

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
  return DOMAINS.has(d) || EXTRA_FREE_DOMAINS.includes(d);
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
