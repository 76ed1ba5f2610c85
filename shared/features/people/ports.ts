/** The ports of people (staff accounts, sign-in links, sessions, passkeys): what their services need. */
import type { ChallengeRecord, PasskeyRecord } from './domain/passkeys';
import type { SessionRecord } from './domain/sessions';
import type { StaffMember, StaffRecord } from './domain/staff';

export interface StaffStore {
  list(entityId: string): Promise<StaffMember[]>;
  get(entityId: string, email: string): Promise<StaffRecord | null>;
  /** Adds a member; false when one with this address exists. */
  create(entityId: string, member: StaffMember): Promise<boolean>;
  /** Writes a member's role and calendars; false when there is none. */
  update(
    entityId: string,
    member: Pick<StaffMember, 'email' | 'role' | 'calendar_ids' | 'updated_at'>,
  ): Promise<boolean>;
  /** Removes a member (their sessions stop with it: a session needs its member); false when none. */
  remove(entityId: string, email: string): Promise<boolean>;
  /** Moves a member's generation: every session made before ends. */
  endSessions(entityId: string, email: string): Promise<void>;
}

/** A sign-in link as stored: only its hash finds it. */
export interface LinkRecord {
  entityId: string;
  email: string;
  expiresMs: number;
}

export interface SessionStore {
  addLink(tokenHash: string, link: LinkRecord): Promise<void>;
  /** Removes the link and answers it (once: a second take finds none). */
  takeLink(tokenHash: string): Promise<LinkRecord | null>;
  addSession(tokenHash: string, session: SessionRecord): Promise<void>;
  getSession(tokenHash: string): Promise<SessionRecord | null>;
  /** Records a session's use now. */
  touch(tokenHash: string, nowMs: number): Promise<void>;
  removeSession(tokenHash: string): Promise<void>;
}

/** One sign-in limit's step: its counter, window and cap. */
export interface SignInStep {
  what: 'address' | 'visitor';
  id: string;
  windowStart: number;
  cap: number;
  /** When the counter may go (seconds, the table's TTL). */
  expiresAt: number;
}

export interface SignInCounter {
  /** Counts one on each counter, all or none: true, or the step at its cap (nothing counted then). */
  count(steps: readonly SignInStep[]): Promise<true | SignInStep>;
}

/** Where a sign-in link goes: the client e-mails' transport (SES, SMTP or the outbox). */
export interface SignInMailer {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** Passkeys and the WebAuthn challenges handed out for them. */
export interface PasskeyStore {
  /** Keeps a passkey (found by its credential id, listed under its member); false when the id is known. */
  add(passkey: PasskeyRecord): Promise<boolean>;
  get(credentialId: string): Promise<PasskeyRecord | null>;
  list(entityId: string, email: string): Promise<PasskeyRecord[]>;
  setCounter(credentialId: string, counter: number): Promise<void>;
  addChallenge(challenge: string, record: ChallengeRecord): Promise<void>;
  /** Removes the challenge and answers it (once: a second take finds none). */
  takeChallenge(challenge: string): Promise<ChallengeRecord | null>;
}

/** The entity's calendars, to check the ones a staff member is given. */
export interface CalendarIds {
  ids(entityId: string): Promise<number[]>;
}
