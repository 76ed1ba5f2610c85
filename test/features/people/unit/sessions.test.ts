import { changedByOf } from '../../../../shared/features/access';
import {
  clearedCookie,
  cookieName,
  originOf,
  SIGN_IN_LIMITS,
  sessionAlive,
  sessionCookie,
  sessionTokenOf,
  signInUrl,
} from '../../../../shared/features/people/domain/sessions';

const TOKEN = 'b'.repeat(43);

describe('the session cookie (docs/CONTRACT.md#staff-and-sessions)', () => {
  it('is __Host- prefixed and Secure on https, neither on http', () => {
    expect(sessionCookie('https://book.example.com', TOKEN)).toBe(
      `__Host-session=${TOKEN}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=2592000`,
    );
    expect(sessionCookie('http://localhost:3000', TOKEN)).toBe(
      `session=${TOKEN}; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000`,
    );
    expect(clearedCookie('https://book.example.com')).toBe(
      '__Host-session=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0',
    );
    expect(cookieName(undefined)).toBe('session');
  });

  it.each([
    [[`session=${TOKEN}`], TOKEN],
    [['a=1', `__Host-session=${TOKEN}`], TOKEN],
    [['session=short'], undefined],
    [[`sessions=${TOKEN}`], undefined],
    [undefined, undefined],
  ])('reads the token of %j', (cookies, token) => {
    expect(sessionTokenOf(cookies)).toBe(token);
  });

  it('ends 12 hours idle or 30 days old', () => {
    const hour = 3_600_000;
    const session = { entityId: 'e', email: 'a@b.example', generation: 0, createdMs: 0, seenMs: 0 };
    expect(sessionAlive(session, 12 * hour - 1)).toBe(true);
    expect(sessionAlive(session, 12 * hour)).toBe(false);
    expect(sessionAlive({ ...session, seenMs: 30 * 24 * hour - hour }, 30 * 24 * hour)).toBe(false);
  });

  it('links to the console and knows the origin of the public base', () => {
    expect(signInUrl('https://book.example.com/', TOKEN)).toBe(
      `https://book.example.com/console/sign-in#${TOKEN}`,
    );
    expect(originOf('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(originOf(undefined)).toBeUndefined();
    expect(SIGN_IN_LIMITS).toEqual({
      address: { quota: 5, windowSeconds: 900 },
      visitor: { quota: 20, windowSeconds: 3600 },
    });
  });
});

describe('changed_by', () => {
  it.each([
    [{}, 'token'],
    [{ credential: { kind: 'publishable', keyId: 'k', allowedOrigins: [] } }, 'key'],
    [{ credential: { kind: 'cancel', keyId: 'cancel', allowedOrigins: [] } }, 'client'],
    [{ staff: { email: 'ana@salon.example', role: 'staff', calendarIds: [1] } }, 'ana@salon.example'],
  ] as const)('%j made it: %s', (entity, who) => {
    expect(changedByOf(entity as Parameters<typeof changedByOf>[0])).toBe(who);
  });
});
