import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError, invalidField } from '../../../core/errors';
import type { StaffIdentity } from '../../access';
import { sha256Hex } from '../../access';
import {
  CHALLENGE_TTL_MS,
  MAX_PASSKEYS,
  type PasskeyView,
  passkeyView,
  relyingParty,
} from '../domain/passkeys';
import type { PasskeyStore } from '../ports';

type WebAuthn = typeof import('@simplewebauthn/server');
let webAuthnLoaded: WebAuthn | undefined;
/**
 * SimpleWebAuthn's server, loaded when a passkey's options are first made or a proof first checked, not
 * when the function loads: with its X.509 and ASN.1 parsers it was most of a passkey function's module
 * load (docs/design/observability.md, cold starts), and listing passkeys never needs it.
 */
const webAuthn = (): WebAuthn => {
  webAuthnLoaded ??= require('@simplewebauthn/server') as WebAuthn;
  return webAuthnLoaded;
};

export interface PasskeyServiceDeps {
  passkeys: PasskeyStore;
  publicBase: () => string | undefined;
  now: () => Date;
}

/** A passkey's proof that does not hold: unknown, used challenge, wrong origin or signature. */
const refused = (): AppError => new AppError('auth', 'AUTH_INVALID', 'passkey not recognised');

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const bytes = Buffer.from(text, 'base64url');
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
};
const toBase64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/**
 * Passkeys (WebAuthn, by SimpleWebAuthn; docs/CONTRACT.md#passkeys): a signed-in member registers one, and
 * signs in with it later instead of an e-mailed link. Every challenge is kept until used, once, 5 minutes.
 */
export class PasskeyService {
  constructor(private readonly deps: PasskeyServiceDeps) {}

  private party() {
    const party = relyingParty(this.deps.publicBase());
    if (!party)
      throw new AppError(
        'validation',
        'INVALID_PARAMETER',
        'passkeys need a public address with a host name',
      );
    return party;
  }

  /** The options of a new passkey for the signed-in member (their passkeys excluded). */
  async registrationOptions(entityId: string, staff: StaffIdentity) {
    const { rpID } = this.party();
    const existing = await this.deps.passkeys.list(entityId, staff.email);
    if (existing.length >= MAX_PASSKEYS)
      throw new AppError('conflict', 'INVALID_PARAMETER', `at most ${MAX_PASSKEYS} passkeys per person`);
    const options = await webAuthn().generateRegistrationOptions({
      rpName: 'Booking console',
      rpID,
      userName: staff.email,
      // The same WebAuthn user for the same person: a digest of the entity and address (no address inside).
      userID: fromBase64url(
        Buffer.from(sha256Hex(`${entityId}\n${staff.email}`), 'hex').toString('base64url'),
      ),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.deps.passkeys.addChallenge(options.challenge, {
      purpose: 'register',
      entityId,
      email: staff.email,
      expiresMs: this.deps.now().getTime() + CHALLENGE_TTL_MS,
    });
    return options;
  }

  /** Keeps the new passkey when the browser's answer proves it, for the challenge this member was given. */
  async register(
    entityId: string,
    staff: StaffIdentity,
    input: { response: unknown; name?: string | undefined },
  ): Promise<PasskeyView> {
    const { rpID, origin } = this.party();
    const verification = await webAuthn()
      .verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => this.challengeFor(challenge, 'register', entityId, staff.email),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      })
      .catch((error: unknown) => {
        throw invalidField('response', error instanceof Error ? error.message : 'not a passkey registration');
      });
    if (!verification.verified || !verification.registrationInfo) throw refused();
    const { credential } = verification.registrationInfo;
    const passkey = {
      id: credential.id,
      entityId,
      email: staff.email,
      publicKey: toBase64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name?.trim() || 'Passkey',
      createdAt: this.deps.now().toISOString(),
    };
    if (!(await this.deps.passkeys.add(passkey)))
      throw new AppError('conflict', 'INVALID_PARAMETER', 'this passkey is already registered');
    return passkeyView(passkey);
  }

  async list(entityId: string, staff: StaffIdentity): Promise<PasskeyView[]> {
    return (await this.deps.passkeys.list(entityId, staff.email)).map(passkeyView);
  }

  /** The options of a sign-in with any passkey of this site (the browser offers the ones it has). */
  async signInOptions() {
    const { rpID } = this.party();
    const options = await webAuthn().generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
    await this.deps.passkeys.addChallenge(options.challenge, {
      purpose: 'sign-in',
      expiresMs: this.deps.now().getTime() + CHALLENGE_TTL_MS,
    });
    return options;
  }

  /** The entity and address a passkey's answer proves (401 otherwise), its counter moved on. */
  async signIn(response: unknown): Promise<{ entityId: string; email: string }> {
    const { rpID, origin } = this.party();
    const answer = response as AuthenticationResponseJSON;
    const passkey = typeof answer?.id === 'string' ? await this.deps.passkeys.get(answer.id) : null;
    if (!passkey) throw refused();
    const verification = await webAuthn()
      .verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: (challenge) => this.challengeFor(challenge, 'sign-in'),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: fromBase64url(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      })
      .catch(() => {
        throw refused();
      });
    if (!verification.verified) throw refused();
    await this.deps.passkeys.setCounter(passkey.id, verification.authenticationInfo.newCounter);
    return { entityId: passkey.entityId, email: passkey.email };
  }

  /** True when the challenge was handed out for this, is unused and within its 5 minutes (used now). */
  private async challengeFor(
    challenge: string,
    purpose: 'register' | 'sign-in',
    entityId?: string,
    email?: string,
  ): Promise<boolean> {
    const kept = await this.deps.passkeys.takeChallenge(challenge);
    if (!kept || kept.purpose !== purpose || kept.expiresMs <= this.deps.now().getTime()) return false;
    return purpose === 'sign-in' || (kept.entityId === entityId && kept.email === email);
  }
}
