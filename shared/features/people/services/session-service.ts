import { AppError, RateLimited, tokenInvalid } from '../../../core/errors';
import type { StaffIdentity } from '../../access';
import { randomToken, sha256Hex } from '../../access';
import {
  LINK_TTL_MS,
  type SessionRecord,
  SIGN_IN_LIMITS,
  sessionAlive,
  signInUrl,
  TOUCH_EVERY_MS,
} from '../domain/sessions';
import { isEmail, normalEmail, type StaffRecord } from '../domain/staff';
import type { SessionStore, SignInCounter, SignInMailer, SignInStep, StaffStore } from '../ports';
import { signInMail } from './sign-in-mail';

export interface SessionServiceDeps {
  staff: StaffStore;
  sessions: SessionStore;
  counter: SignInCounter;
  mailer: SignInMailer;
  /** The public base of the links (PUBLIC_BASE_URL). */
  publicBase: () => string | undefined;
  now: () => Date;
  /** The limits' clock, ms (their windows; the local stage may fix it: LIMITS_CLOCK_MS). */
  limitsNow: () => number;
}

/** Who a session is: the entity and the staff member, as the API's credential check needs them. */
export interface SignedIn {
  entityId: string;
  staff: StaffIdentity;
}

const identityOf = (member: StaffRecord): StaffIdentity => ({
  email: member.email,
  role: member.role,
  calendarIds: member.calendar_ids,
});

/** Sign-in by e-mailed link, sessions and sign-out (docs/CONTRACT.md#staff-and-sessions). */
export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /**
   * Mails a one-time link to the address when it is a staff member of the account; says nothing either way
   * (the route answers 202 alike). Counted first: 5 per address per 15 minutes, 20 per visitor per hour
   * (429 beyond, whether the address exists or not).
   */
  async requestLink(input: { email: string; account: string; visitor: string }): Promise<void> {
    const email = normalEmail(input.email);
    await this.admit(email, input.visitor);
    if (!isEmail(email)) return;
    const member = await this.deps.staff.get(input.account, email);
    const base = this.deps.publicBase();
    if (!member || !base) return;
    const token = randomToken();
    const expiresMs = this.deps.now().getTime() + LINK_TTL_MS;
    await this.deps.sessions.addLink(sha256Hex(token), { entityId: input.account, email, expiresMs });
    await this.deps.mailer.send({ to: email, ...signInMail(signInUrl(base, token), input.account) });
  }

  /** Opens a session with a link's token (once, within 15 minutes): the new session's token and who it is. */
  async verify(linkToken: string): Promise<SignedIn & { token: string }> {
    const link = await this.deps.sessions.takeLink(sha256Hex(linkToken.trim()));
    const nowMs = this.deps.now().getTime();
    if (!link || link.expiresMs <= nowMs) throw linkInvalid();
    return this.open(link.entityId, link.email);
  }

  /** A new session of a staff member (a link or a passkey proved the person). */
  async open(entityId: string, email: string): Promise<SignedIn & { token: string }> {
    const member = await this.deps.staff.get(entityId, email);
    if (!member) throw linkInvalid();
    const token = randomToken();
    const nowMs = this.deps.now().getTime();
    const session: SessionRecord = {
      entityId,
      email,
      generation: member.generation,
      createdMs: nowMs,
      seenMs: nowMs,
    };
    await this.deps.sessions.addSession(sha256Hex(token), session);
    return { token, entityId, staff: identityOf(member) };
  }

  /**
   * The entity and staff member of a session's cookie; 401 when unknown, idle 12 h, 30 days old, ended
   * everywhere or its member removed. The member's role and calendars are read now: a change acts at once.
   */
  async authenticate(token: string): Promise<SignedIn> {
    const hash = sha256Hex(token);
    const session = await this.deps.sessions.getSession(hash);
    const nowMs = this.deps.now().getTime();
    if (!session || !sessionAlive(session, nowMs)) throw tokenInvalid();
    const member = await this.deps.staff.get(session.entityId, session.email);
    if (!member || member.generation !== session.generation) throw tokenInvalid();
    if (nowMs - session.seenMs >= TOUCH_EVERY_MS) await this.deps.sessions.touch(hash, nowMs);
    return { entityId: session.entityId, staff: identityOf(member) };
  }

  /** Ends this session, or with `everywhere` every session of its person. */
  async signOut(token: string, who: SignedIn, everywhere: boolean): Promise<void> {
    await this.deps.sessions.removeSession(sha256Hex(token));
    if (everywhere) await this.deps.staff.endSessions(who.entityId, who.staff.email);
  }

  private async admit(email: string, visitor: string): Promise<void> {
    const nowSeconds = Math.floor(this.deps.limitsNow() / 1000);
    const step = (what: 'address' | 'visitor', id: string): SignInStep => {
      const { quota, windowSeconds } = SIGN_IN_LIMITS[what];
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      return { what, id, windowStart, cap: quota, expiresAt: windowStart + windowSeconds + 60 };
    };
    const steps = [step('address', sha256Hex(email)), step('visitor', visitor)];
    const counted = await this.deps.counter.count(steps);
    if (counted === true) return;
    const windowEnd = counted.windowStart + SIGN_IN_LIMITS[counted.what].windowSeconds;
    throw new RateLimited(Math.max(1, windowEnd - nowSeconds));
  }
}

/** A sign-in link unknown, used or past its 15 minutes. */
const linkInvalid = (): AppError =>
  new AppError('auth', 'AUTH_INVALID', 'sign-in link invalid, used or expired');
