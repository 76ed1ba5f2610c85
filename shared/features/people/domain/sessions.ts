/**
 * Sign-in by e-mailed link and sessions (docs/CONTRACT.md#staff-and-sessions): lifetimes, limits, the
 * cookie. Pure rules: no store, no HTTP.
 */

/** A sign-in link works once, for 15 minutes. */
export const LINK_TTL_MS = 15 * 60_000;
/** A session ends after 12 hours unused, and 30 days after sign-in whatever its use. */
export const IDLE_MS = 12 * 3_600_000;
export const ABSOLUTE_MS = 30 * 24 * 3_600_000;
/** A session's last use is written again at most once a minute. */
export const TOUCH_EVERY_MS = 60_000;

/** Sign-in requests: 5 per address per 15 minutes, 20 per visitor per hour. */
export const SIGN_IN_LIMITS = {
  address: { quota: 5, windowSeconds: 15 * 60 },
  visitor: { quota: 20, windowSeconds: 3600 },
} as const;

/** A session as stored (found by its cookie's SHA-256). */
export interface SessionRecord {
  entityId: string;
  email: string;
  /** The staff member's generation at sign-in: a sign-out everywhere moves it, ending this session. */
  generation: number;
  createdMs: number;
  seenMs: number;
}

/** True while a session is neither idle too long nor too old. */
export const sessionAlive = (session: SessionRecord, nowMs: number): boolean =>
  nowMs - session.createdMs < ABSOLUTE_MS && nowMs - session.seenMs < IDLE_MS;

/** The console's sign-in address of a link token: in the fragment, which no request carries. */
export const signInUrl = (publicBase: string, token: string): string =>
  `${publicBase.replace(/\/+$/, '')}/console/sign-in#${token}`;

/** True when the public base is https: the cookie is then `__Host-` prefixed and `Secure`. */
const secureBase = (publicBase: string | undefined): boolean => /^https:/i.test(publicBase ?? '');

/** The session cookie's name: `__Host-session` on https, `session` on http://localhost. */
export const cookieName = (publicBase: string | undefined): string =>
  secureBase(publicBase) ? '__Host-session' : 'session';

/** The Set-Cookie of a new session: HttpOnly, SameSite=Strict, Path=/, Secure on https; 30 days at most. */
export const sessionCookie = (publicBase: string | undefined, token: string): string =>
  [
    `${cookieName(publicBase)}=${token}`,
    'HttpOnly',
    ...(secureBase(publicBase) ? ['Secure'] : []),
    'SameSite=Strict',
    'Path=/',
    `Max-Age=${ABSOLUTE_MS / 1000}`,
  ].join('; ');

/** The Set-Cookie that removes the session cookie (sign-out). */
export const clearedCookie = (publicBase: string | undefined): string =>
  [
    `${cookieName(publicBase)}=`,
    'HttpOnly',
    ...(secureBase(publicBase) ? ['Secure'] : []),
    'SameSite=Strict',
    'Path=/',
    'Max-Age=0',
  ].join('; ');

/** A session token's shape: what randomToken makes (43 base64url characters). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session token of a request's cookies (API Gateway's `cookies`: one `name=value` each), under
 * either name; undefined when none is there or it is not a token's shape.
 */
export function sessionTokenOf(cookies: readonly string[] | undefined): string | undefined {
  for (const cookie of cookies ?? []) {
    const at = cookie.indexOf('=');
    const name = cookie.slice(0, at).trim();
    const value = cookie.slice(at + 1).trim();
    if ((name === 'session' || name === '__Host-session') && SESSION_TOKEN.test(value)) return value;
  }
  return undefined;
}

/** The origin (`scheme://host[:port]`) of the public base, as a browser sends it in `Origin`. */
export const originOf = (publicBase: string | undefined): string | undefined => {
  if (!publicBase || !URL.canParse(publicBase)) return undefined;
  return new URL(publicBase).origin;
};
