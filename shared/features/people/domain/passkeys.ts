/** Passkeys (WebAuthn) as a second way in, offered after a first sign-in (docs/CONTRACT.md#passkeys). */
import { originOf } from './sessions';

/** A challenge handed out works once, for five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** At most this many passkeys per staff member. */
export const MAX_PASSKEYS = 10;

/** A staff member's passkey as stored: its public key and counter, found by its credential id. */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  entityId: string;
  email: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
}

/** A passkey as the API lists it (never its key). */
export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
}

export const passkeyView = (p: PasskeyRecord): PasskeyView => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt,
});

/** What a challenge was handed out for: a registration by a signed-in member, or a sign-in. */
export interface ChallengeRecord {
  purpose: 'register' | 'sign-in';
  entityId?: string | undefined;
  email?: string | undefined;
  expiresMs: number;
}

/**
 * The relying party of a public base: its host name (WebAuthn's RP ID: a domain, `localhost` included; an
 * IP address is none) and its origin, which the browser's answer must name.
 */
export function relyingParty(publicBase: string | undefined): { rpID: string; origin: string } | undefined {
  const origin = originOf(publicBase);
  if (!origin) return undefined;
  const rpID = new URL(origin).hostname;
  if (/^[\d.]+$/.test(rpID) || rpID.includes(':') || rpID.startsWith('[')) return undefined;
  return { rpID, origin };
}
