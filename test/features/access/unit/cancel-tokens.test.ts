import {
  cancelTokenRef,
  emailCancelToken,
  keepsDigest,
  LEGACY_CANCEL_TOKEN_SHAPE,
  newCancelToken,
} from '../../../../shared/features/access/domain/cancel-tokens';
import { sha256Hex } from '../../../../shared/features/access/domain/tokens';

/** The shape of a cancel token (docs/CONTRACT.md#cancel-tokens): what it names, and what is none. */
describe('cancel tokens', () => {
  it('name their entity and appointment, with 256 random bits, in URL-safe characters', () => {
    const token = newCancelToken({ entityId: 'salon.léa', appointmentId: 42 });
    expect(token).toMatch(/^ct_[A-Za-z0-9_-]+\.42\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(newCancelToken({ entityId: 'salon', appointmentId: 42 })).not.toBe(
      newCancelToken({ entityId: 'salon', appointmentId: 42 }),
    );
    // 'é' is no character of an entity id: such a token names nothing.
    expect(cancelTokenRef(token)).toBeNull();
    const plain = newCancelToken({ entityId: 'Salon_Léa'.replace('é', 'e'), appointmentId: 9_999_999_999 });
    expect(cancelTokenRef(plain)).toEqual({ entityId: 'Salon_Lea', appointmentId: 9_999_999_999 });
    expect(plain.length).toBeLessThanOrEqual(200);
    expect(
      newCancelToken({ entityId: 'x'.repeat(64), appointmentId: 9_999_999_999 }).length,
    ).toBeLessThanOrEqual(200);
  });

  it('of an e-mail are the same for the same secret and e-mail key, of the same shape, and differ otherwise', () => {
    const ref = { entityId: 'salon', appointmentId: 42 };
    const secret = Buffer.alloc(32, 7);
    const token = emailCancelToken(ref, secret, 'evt_1');
    expect(emailCancelToken(ref, Buffer.alloc(32, 7), 'evt_1')).toBe(token);
    expect(token).toMatch(/^ct_c2Fsb24\.42\.[A-Za-z0-9_-]{43}$/);
    expect(cancelTokenRef(token)).toEqual(ref);
    expect(emailCancelToken(ref, secret, 'evt_2')).not.toBe(token);
    expect(emailCancelToken(ref, Buffer.alloc(32, 8), 'evt_1')).not.toBe(token);
    expect(emailCancelToken({ ...ref, appointmentId: 43 }, secret, 'evt_1').split('.')[2]).not.toBe(
      token.split('.')[2],
    );
  });

  it('are told from the earlier shape, which names nothing', () => {
    const token = newCancelToken({ entityId: 'salon', appointmentId: 7 });
    expect(LEGACY_CANCEL_TOKEN_SHAPE.test(token)).toBe(false);
    expect(cancelTokenRef('A'.repeat(43))).toBeNull();
  });

  it.each([
    ['no prefix', (t: string) => t.slice(3)],
    ['an id of 0', (t: string) => t.replace('.7.', '.0.')],
    ['an id with a leading zero', (t: string) => t.replace('.7.', '.07.')],
    ['an id of 11 digits', (t: string) => t.replace('.7.', '.12345678901.')],
    ['a short secret', (t: string) => t.slice(0, -1)],
    ['a padded entity', (t: string) => t.replace('.', '=.')],
    ['an entity that is not its canonical base64url', (t: string) => t.replace('c2Fsb24', 'c2Fsb25')],
    ['a space', (t: string) => `${t} `],
  ])('%s names nothing', (_what, change) => {
    const token = newCancelToken({ entityId: 'salon', appointmentId: 7 });
    expect(cancelTokenRef(token)).toEqual({ entityId: 'salon', appointmentId: 7 });
    expect(cancelTokenRef(change(token))).toBeNull();
  });

  it('is recognised by one of the digests an appointment keeps, and by nothing else', () => {
    const kept = ['a', 'b', 'c'].map(sha256Hex);
    expect(keepsDigest(kept, sha256Hex('b'))).toBe(true);
    expect(keepsDigest(kept, sha256Hex('d'))).toBe(false);
    expect(keepsDigest([], sha256Hex('a'))).toBe(false);
    expect(keepsDigest(['', 'zz'], '')).toBe(false);
  });
});
