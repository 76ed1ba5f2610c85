/**
 * Phone numbers (docs/CONTRACT.md#v2-in-short): parsed with libphonenumber-js, default region FR, stored in E.164.
 * The 'max' metadata is used because only it carries the per-type number ranges that tell a mobile from a
 * fixed line; it is also stricter about validity (a number in a range no operator holds is refused).
 * The library's core functions are given that metadata from a generated data file (data-files.ts), read on
 * the first number: 36 KB compressed beside the bundle instead of 150 KB of object literal inside it.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import {
  type CountryCode,
  isSupportedCountry as isSupportedRegion,
  type MetadataJson,
  type PhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/core';
import { PHONE_METADATA_FILE } from '../../../core/data-files';
import { DEFAULT_PHONE_REGION } from '../../../core/defaults';
import { invalidField } from '../../../core/errors';

let loaded: MetadataJson | undefined;
function metadata(): MetadataJson {
  loaded ??= JSON.parse(
    brotliDecompressSync(readFileSync(PHONE_METADATA_FILE)).toString('utf8'),
  ) as MetadataJson;
  return loaded;
}
const isSupportedCountry = (region: string): region is CountryCode =>
  isSupportedRegion(region as CountryCode, metadata());

/** Longer than any real number with its punctuation: refused before parsing, whatever the library allows. */
const MAX_INPUT_LENGTH = 64;
const FRANCE_CALLING_CODE = '33';

/**
 * The 'max' ranges hold 07 mobiles to 07 30–07 99, which is what ARCEP has assigned so far, and so refuse
 * 07 00–07 29 (e.g. '07 12 34 56 78', a very common sample number). The whole 06/07 block is reserved for
 * mobiles, so we take those as mobiles rather than turn a client away; an E.164 form stays exact. (Not the
 * overseas mobiles 0639 and 069x: those are +262/+590/+594/+596 numbers, their +33 form would be wrong.)
 */
const FR_MOBILE_BLOCK_NOT_IN_RANGES = /^7[0-2]\d{7}$/;

function parse(raw: string, region: CountryCode): PhoneNumber | undefined {
  if (raw.length > MAX_INPUT_LENGTH) return undefined;
  // extract: false, or "call me on 0612345678" would pass as a number.
  return parsePhoneNumberFromString(raw, { defaultCountry: region, extract: false }, metadata());
}

function isUnrangedFrenchMobile(phone: PhoneNumber): boolean {
  return (
    phone.countryCallingCode === FRANCE_CALLING_CODE &&
    FR_MOBILE_BLOCK_NOT_IN_RANGES.test(phone.nationalNumber)
  );
}

function isAccepted(phone: PhoneNumber): boolean {
  return phone.ext === undefined && (phone.isValid() || isUnrangedFrenchMobile(phone));
}

/** A booking's phone in E.164 ('+33612345678'), any country (a Belgian client is a client), else null. */
export function toE164(raw: string, defaultRegion: string = DEFAULT_PHONE_REGION): string | null {
  const region = defaultRegion.toUpperCase();
  if (!isSupportedCountry(region)) throw invalidField('defaultRegion', 'not a supported phone region');
  const phone = parse(raw, region);
  return phone && isAccepted(phone) ? phone.number : null;
}

export type PhoneVerdict =
  | { valid: true; formatted: string; e164: string; is_mobile: boolean }
  | { valid: false; message: string };

const INVALID = 'not a valid phone number';
const LENGTH_REASON: Record<string, string> = {
  TOO_SHORT: 'too short',
  TOO_LONG: 'too long',
  INVALID_LENGTH: 'wrong number of digits',
  INVALID_COUNTRY: 'unknown country code',
};
export const NOT_MOBILE_MESSAGE = 'not a mobile number: French mobile numbers start with 06 or 07';
export const NOT_MOBILE_ABROAD_MESSAGE = 'not a mobile number';

function invalidMessage(raw: string, region: CountryCode): string {
  if (raw.length > MAX_INPUT_LENGTH) return `${INVALID}: too long`;
  const reason = LENGTH_REASON[validatePhoneNumberLength(raw, region, metadata()) ?? ''];
  return reason ? `${INVALID}: ${reason}` : INVALID;
}

/** National digits in pairs, '06 12 34 56 78', as French numbers are written (the API's `formatted`). */
function inPairs(phone: PhoneNumber): string {
  return (`0${phone.nationalNumber}`.match(/\d{1,2}/g) ?? []).join(' ');
}

/**
 * The /validation/phone verdict, by the booking's rule (docs/CONTRACT.md#v2-in-short): a number {@link toE164}
 * accepts is valid, whatever its country. French numbers are written in pairs (`06 12 34 56 78`), others
 * in their international form (`+44 7911 123456`). `mobiles` refuses a number that is not a mobile: a
 * French one with a message naming 06 and 07. A number that may be either (`FIXED_LINE_OR_MOBILE`, as
 * North American numbers are) counts as a mobile.
 */
export function validatePhone(
  raw: string,
  type: 'all' | 'mobiles',
  defaultRegion: string = DEFAULT_PHONE_REGION,
): PhoneVerdict {
  const region = defaultRegion.toUpperCase();
  if (!isSupportedCountry(region)) throw invalidField('defaultRegion', 'not a supported phone region');
  const phone = parse(raw, region);
  if (!phone) return { valid: false, message: invalidMessage(raw, region) };
  if (phone.ext !== undefined) return { valid: false, message: `${INVALID}: extensions are not accepted` };
  if (!isAccepted(phone)) return { valid: false, message: invalidMessage(raw, region) };

  const french = phone.countryCallingCode === FRANCE_CALLING_CODE;
  const kind = phone.getType();
  const isMobile = kind === 'MOBILE' || kind === 'FIXED_LINE_OR_MOBILE' || isUnrangedFrenchMobile(phone);
  if (type === 'mobiles' && !isMobile)
    return { valid: false, message: french ? NOT_MOBILE_MESSAGE : NOT_MOBILE_ABROAD_MESSAGE };
  const formatted = french ? inPairs(phone) : phone.formatInternational();
  return { valid: true, formatted, e164: phone.number, is_mobile: isMobile };
}
