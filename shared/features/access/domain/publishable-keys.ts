/**
 * Publishable keys (docs/CONTRACT.md#publishable-keys): credentials a web page may hold. A key acts on its
 * entity for the booking routes only, from the origins it names; the entity's secret v2 token manages them.
 */
import { randomBytes } from 'node:crypto';
import { forbidden } from '../../../core/errors';
import { randomToken } from './tokens';

export interface PublishableKey {
  id: string;
  name: string;
  scope: 'booking';
  allowed_origins: string[];
  /** The key also opens the hosted booking page `GET /book/{key}` on the API's own origin. */
  hosted_page: boolean;
  created_at: string;
}

/**
 * What a request made with a publishable key carries instead of the entity's full rights; or, for the
 * manage page, with a cancel token: that one appointment's routes only, and no other origin may read it.
 */
export interface KeyCredential {
  kind: 'publishable' | 'cancel';
  keyId: string;
  allowedOrigins: readonly string[];
  /** A hosted-page key is also used from the API's own origin (its `/book/{key}` page). */
  hostedPage?: boolean;
  /** The visitor the request came from (an address or an IPv6 /64; behind the edge the viewer's). */
  visitor?: string | undefined;
}

export const MAX_KEYS_PER_ENTITY = 20;
export const ORIGINS_PER_KEY = { min: 1, max: 10 } as const;

/** `pk_` and 256 random bits, base64url: shown once, stored only as its SHA-256. */
export const newPublishableKey = (): string => `pk_${randomToken(32)}`;
export const newKeyId = (): string => `key_${randomBytes(8).toString('hex')}`;
/** The shape of a publishable key, so that anything else is refused without a read. */
export const PUBLISHABLE_KEY_SHAPE = /^pk_[A-Za-z0-9_-]{43}$/;

/** A host as an exact origin names it: a DNS name (no wildcard, no other character) or a bracketed IPv6 address. */
const EXACT_HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * True for an exact origin: http(s)://host[:port], nothing after it, as a browser sends it in `Origin`; a
 * wildcard (`https://*.example.com`), which no browser sends, is none.
 */
export function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.origin === value &&
      EXACT_HOST.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * What a publishable key may do: the routes that allow it (403 otherwise, whatever the origin), from the
 * origins it names (403 for a request whose Origin is another one). A secret token passes.
 */
export function checkKeyUse(
  credential: KeyCredential | undefined,
  route: { publishable: boolean; manage?: boolean | 'appointment' },
  origin: string | undefined,
  ownOrigin?: string,
): void {
  if (!credential) return;
  if (credential.kind === 'cancel') {
    // The cancel token is the secret (the manage page): its appointment's routes, from any page.
    if (!route.manage) throw forbidden('a cancel token may only read, cancel or reschedule its appointment');
    return;
  }
  if (!route.publishable) {
    throw forbidden('a publishable key may not do this: use the secret token of the entity');
  }
  if (origin === undefined || credential.allowedOrigins.includes(origin)) return;
  if (credential.hostedPage && ownOrigin !== undefined && origin === ownOrigin) return;
  throw forbidden('this publishable key may not be used from this origin');
}

/**
 * The API's own origin, where its hosted page lives: the origin of the stage's public base URL
 * (docs/CONTRACT.md#addresses), never the request's Host or X-Forwarded-* headers, which a caller chooses.
 */
export function ownOriginOf(publicBaseUrl: string): string | undefined {
  return URL.canParse(publicBaseUrl) ? new URL(publicBaseUrl).origin : undefined;
}
