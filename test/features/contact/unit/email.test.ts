import {
  EXTRA_FREE_DOMAINS,
  FREE_EMAIL_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  isFreeEmailDomain,
  isValidEmail,
  validateEmail,
} from '../../../../shared/features/contact/domain/email';

const LONGEST = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`;
const TOO_LONG = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.fr`;

describe('isValidEmail', () => {
  it('the length cases are 254 and 255 characters long', () => {
    expect(LONGEST).toHaveLength(254);
    expect(TOO_LONG).toHaveLength(255);
  });

  it.each([
    'jean.dupont@example.com',
    'a@b.fr',
    'jean+rdv@entreprise.fr',
    'JEAN.DUPONT@ENTREPRISE.FR',
    "o'brien@example.co.uk",
    'user_name-1@sub.domain-name.org',
    'x@123.example.com',
    'contact@société.fr',
    'contact@xn--socit-esab.fr',
    'info@example.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
    LONGEST,
  ])('%j is valid', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'jean@',
    'jean@example',
    'jean@example.c',
    'jean@example.123',
    'jean dupont@example.com',
    'jean@exam ple.com',
    ' jean@example.com',
    'jean@example.com ',
    'jean..dupont@example.com',
    '.jean@example.com',
    'jean.@example.com',
    'jean@@example.com',
    'jean@exa@mple.com',
    'jean@-example.com',
    'jean@example-.com',
    'jean@.example.com',
    'jean@example..com',
    'jean@example.com.',
    'jean@exa_mple.com',
    'jean@[192.168.0.1]',
    '"jean dupont"@example.com',
    'jéan@example.com',
    'jean@example.com\n',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    TOO_LONG,
  ])('%j is not', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('validateEmail', () => {
  it.each([
    ['jean@gmail.com', 'all'],
    ['jean@entreprise.fr', 'all'],
    ['jean@entreprise.fr', 'nofreeemail'],
    ['contact@example.com', 'nofreeemail'],
    ['contact@Example.COM', 'nofreeemail'],
    ['jean@mail.gmail.com', 'nofreeemail'],
  ] as const)('%j with %s is valid', (email, type) => {
    expect(validateEmail(email, type)).toEqual({ valid: true });
  });

  it.each([
    'gmail.com',
    'googlemail.com',
    'yahoo.fr',
    'yahoo.com',
    'hotmail.fr',
    'hotmail.com',
    'outlook.com',
    'outlook.fr',
    'live.fr',
    'icloud.com',
    'orange.fr',
    'wanadoo.fr',
    'free.fr',
    'laposte.net',
    'sfr.fr',
    'neuf.fr',
    'bbox.fr',
    'GMAIL.COM',
    'Free.Fr',
  ])('nofreeemail refuses an address at %s', (domain) => {
    expect(validateEmail(`jean.dupont@${domain}`, 'nofreeemail')).toEqual({
      valid: false,
      message: FREE_EMAIL_MESSAGE,
    });
    expect(validateEmail(`jean.dupont@${domain}`, 'all')).toEqual({ valid: true });
  });

  it.each(['all', 'nofreeemail'] as const)('a malformed address is refused with %s', (type) => {
    expect(validateEmail('jean@gmail', type)).toEqual({ valid: false, message: INVALID_EMAIL_MESSAGE });
    expect(validateEmail('not an address', type)).toEqual({ valid: false, message: INVALID_EMAIL_MESSAGE });
  });
});

describe('isFreeEmailDomain', () => {
  it.each(EXTRA_FREE_DOMAINS)('the supplementary French provider %s counts as free', (domain) => {
    expect(isFreeEmailDomain(domain)).toBe(true);
  });

  it.each(['entreprise.fr', 'example.com', 'sncf.fr', 'gouv.fr', 'orange.com'])(
    '%s is not free',
    (domain) => {
      expect(isFreeEmailDomain(domain)).toBe(false);
    },
  );
});
