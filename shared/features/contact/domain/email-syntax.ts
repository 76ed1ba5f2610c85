/**
 * E-mail syntax, kept apart from the free-provider list so that bookings do not carry that list
 * (about 2 MB) in their bundle.
 */
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
