import {
  NOT_MOBILE_ABROAD_MESSAGE,
  NOT_MOBILE_MESSAGE,
  toE164,
  validatePhone,
} from '../../../../shared/features/contact/domain/phone';

describe('toE164 (bookings)', () => {
  it.each([
    ['0612345678', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['06-12-34-56-78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['0033612345678', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['  0612345678  ', '+33612345678'],
    ['0145678901', '+33145678901'],
    ['0750123456', '+33750123456'],
    ['0712345678', '+33712345678'],
    ['+32 470 12 34 56', '+32470123456'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 212 555 0123', '+12125550123'],
    ['+262 692 12 34 56', '+262692123456'],
  ])('%j -> %s', (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });

  it('reads a national number in the default region given', () => {
    expect(toE164('0470 12 34 56', 'BE')).toBe('+32470123456');
    expect(toE164('0470123456', 'be')).toBe('+32470123456');
    expect(toE164('0470123456')).toBe('+33470123456');
  });

  it.each([
    '',
    'abc',
    '0612',
    '061234567890',
    '+33 6 12 34 56 7',
    '0690001234', // a Guadeloupe mobile written nationally is not a +33 number
    'call me on 0612345678',
    '0612345678abc',
    '0612345678 ext 12',
    '+999 123456789',
    '00000000000',
    `0612345678${' '.repeat(60)}1`,
  ])('%j is not a valid number', (raw) => {
    expect(toE164(raw)).toBeNull();
  });

  it('refuses an unknown default region', () => {
    expect(() => toE164('0612345678', 'XX')).toThrow(/^defaultRegion: /);
  });
});

describe('validatePhone (POST /validation/phone)', () => {
  it.each([
    ['0612345678', '06 12 34 56 78', '+33612345678', true],
    ['06 12 34 56 78', '06 12 34 56 78', '+33612345678', true],
    ['06.12.34.56.78', '06 12 34 56 78', '+33612345678', true],
    ['+33 6 12 34 56 78', '06 12 34 56 78', '+33612345678', true],
    ['0033612345678', '06 12 34 56 78', '+33612345678', true],
    ['07 50 12 34 56', '07 50 12 34 56', '+33750123456', true],
    ['0712345678', '07 12 34 56 78', '+33712345678', true],
    ['01 45 67 89 01', '01 45 67 89 01', '+33145678901', false],
    ['0478123456', '04 78 12 34 56', '+33478123456', false],
    ['0912345678', '09 12 34 56 78', '+33912345678', false],
    ['0800 12 34 56', '08 00 12 34 56', '+33800123456', false],
  ])('%j is valid: %s, %s, mobile %p', (raw, formatted, e164, isMobile) => {
    expect(validatePhone(raw, 'all')).toEqual({ valid: true, formatted, e164, is_mobile: isMobile });
  });

  it.each(['0612345678', '+33 7 50 12 34 56', '0712345678'])('%j passes mobiles', (raw) => {
    const verdict = validatePhone(raw, 'mobiles');
    expect(verdict.valid).toBe(true);
    expect(verdict.valid && verdict.is_mobile).toBe(true);
  });

  it.each(['0145678901', '0912345678', '0800123456'])('%j fails mobiles, naming 06 and 07', (raw) => {
    const verdict = validatePhone(raw, 'mobiles');
    expect(verdict).toEqual({ valid: false, message: NOT_MOBILE_MESSAGE });
    expect(NOT_MOBILE_MESSAGE).toMatch(/06/);
    expect(NOT_MOBILE_MESSAGE).toMatch(/07/);
  });

  it.each([
    ['+32 470 12 34 56', '+32 470 12 34 56', '+32470123456', true],
    ['+44 7911 123456', '+44 7911 123456', '+447911123456', true],
    ['+44 20 7946 0958', '+44 20 7946 0958', '+442079460958', false],
    ['+1 212 555 0123', '+1 212 555 0123', '+12125550123', true],
    ['+262 692 12 34 56', '+262 692 12 34 56', '+262692123456', true],
  ])(
    'a foreign number booking accepts, %j, is valid: %s, %s, mobile %p',
    (raw, formatted, e164, isMobile) => {
      expect(toE164(raw)).toBe(e164);
      expect(validatePhone(raw, 'all')).toEqual({ valid: true, formatted, e164, is_mobile: isMobile });
    },
  );

  it('refuses a foreign fixed line for mobiles, without naming the French prefixes', () => {
    expect(validatePhone('+44 20 7946 0958', 'mobiles')).toEqual({
      valid: false,
      message: NOT_MOBILE_ABROAD_MESSAGE,
    });
    expect(validatePhone('+44 7911 123456', 'mobiles').valid).toBe(true);
  });

  it('reads a national number in the default region given, as booking does', () => {
    expect(validatePhone('07911 123456', 'all', 'GB')).toMatchObject({ valid: true, e164: '+447911123456' });
    expect(validatePhone('07911 123456', 'all').valid).toBe(false);
  });

  // The rule is booking's: every sample either accepts, the other accepts too; every one refused, both refuse.
  it.each([
    '0612345678',
    '+33 (0)6 12 34 56 78',
    '0712345678',
    '+44 7911 123456',
    '+1 212 555 0123',
    '0690001234',
    '+999 123456789',
    '00000000000',
    '0612345678 ext 12',
    'call me on 0612345678',
    '0612',
  ])('%j: the same verdict as booking', (raw) => {
    expect(validatePhone(raw, 'all').valid).toBe(toE164(raw) !== null);
  });

  it.each<[string, RegExp]>([
    ['', /^not a valid phone number/],
    ['abc', /^not a valid phone number/],
    ['0612', /^not a valid phone number: too short$/],
    ['061234567890', /^not a valid phone number: too long$/],
    ['0690001234', /^not a valid phone number$/],
    ['+32 12', /^not a valid phone number/],
    ['06 12 34 56 78 poste 12', /^not a valid phone number/],
    ['0612345678;ext=12', /^not a valid phone number: extensions are not accepted$/],
    ['call me on 0612345678', /^not a valid phone number/],
  ])('%j is invalid (%s)', (raw, message) => {
    const verdict = validatePhone(raw, 'all');
    expect(verdict.valid).toBe(false);
    expect(!verdict.valid && verdict.message).toMatch(message);
  });
});
