import { settingsPatchSchema } from '../../../../shared/features/settings/domain/entity';
import {
  cancelUrlProblem,
  normalizedCancelUrl,
} from '../../../../shared/features/settings/domain/notification-settings';

/** docs/CONTRACT.md#notifications: what a cancel_url may be, and how it is stored. */
describe('cancel_url rules', () => {
  it.each([
    ['https://www.example.fr/c/{cancel_token}', null],
    ['http://127.0.0.1:3000/c?t={cancel_token}', null],
    ['http://[::1]/c?t={cancel_token}', null],
    ['http://www.example.fr/c/{cancel_token}', 'must be an https address (http only for localhost)'],
    ['javascript://www.example.fr/{cancel_token}', 'must be an https address (http only for localhost)'],
    [
      'https://www.example.fr/c?t={cancel_token}\r\nBcc: x@evil.example',
      'must not contain whitespace or control characters',
    ],
    ['https://www.example.fr/c?t={cancel_token}&x=a b', 'must not contain whitespace or control characters'],
    ['https://www.example.fr/c?t={cancel_token}\u0000', 'must not contain whitespace or control characters'],
    ['https://www.example.fr/c?t={cancel_token}\u007f', 'must not contain whitespace or control characters'],
    ['https://user:pw@www.example.fr/{cancel_token}', 'must not hold a user name or password'],
  ])('%j', (url, problem) => {
    expect(cancelUrlProblem(url)).toBe(problem);
  });

  it('stores the address normalized: markup percent-encoded, the host lower-cased, the placeholder kept', () => {
    expect(normalizedCancelUrl('HTTPS://WWW.Example.FR/c/{cancel_token}?x=<b>"hi"</b>')).toBe(
      'https://www.example.fr/c/{cancel_token}?x=%3Cb%3E%22hi%22%3C/b%3E',
    );
    const parsed = settingsPatchSchema().parse({ cancel_url: ' HTTPS://Shop.Example/{cancel_token}?a=<i> ' });
    expect(parsed.cancel_url).toBe('https://shop.example/{cancel_token}?a=%3Ci%3E');
    expect(
      settingsPatchSchema().safeParse({ cancel_url: 'http://shop.example/{cancel_token}' }).success,
    ).toBe(false);
  });
});
