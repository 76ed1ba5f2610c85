import { mailContent } from '../../shared/domain/mail/mail-content';
import { cancelLinkOf, cancelUrlProblem } from '../../shared/domain/mail/notification-settings';
import { calendarUid, type MailAppointment, reminderTime } from '../../shared/domain/mail/notifications';

const appointment: MailAppointment = {
  appointment_id: 7,
  calendar_id: 1,
  status: 'confirmed',
  date: '2026-03-29',
  start_time: '09:00:00',
  end_time: '09:30:00',
  client_firstname: 'Jeanne',
  client_lastname: '<b>Durand</b>',
  client_email: 'jeanne@example.com',
  client_phone: '+33612345678',
  updated_at: '2026-03-01T10:00:00.000Z',
};

describe('the reminder window', () => {
  const start = Date.parse('2026-12-01T08:00:00Z');
  it.each([
    ['a day before, booked a week before', 1440, start - 7 * 86_400_000, start - 86_400_000],
    ['booked inside the window', 1440, start - 86_400_000 + 1, null],
    ['booked exactly at the reminder time', 60, start - 3_600_000, null],
    ['reminders off', 0, start - 7 * 86_400_000, null],
  ])('%s', (_label, minutes, now, expected) => {
    expect(reminderTime(start, minutes, now)).toBe(expected);
  });
});

describe('cancel_url', () => {
  it.each([
    ['https://www.example.fr/cancel?token={cancel_token}', null],
    ['http://localhost:8080/c/{cancel_token}', null],
    ['https://www.example.fr/cancel', 'must contain {cancel_token}'],
    ['ftp://example.fr/{cancel_token}', 'must be an https address (http only for localhost)'],
    ['/cancel?token={cancel_token}', 'must be an absolute https address'],
  ])('%s', (url, problem) => {
    expect(cancelUrlProblem(url)).toBe(problem);
  });
  it('puts the token in, URL-safe', () => {
    expect(cancelLinkOf('https://x.fr/c?t={cancel_token}', 'a+b/c')).toBe('https://x.fr/c?t=a%2Bb%2Fc');
  });
});

describe('the e-mail content', () => {
  it('escapes names in the HTML, keeps them in the text, in the zone and language of the entity', () => {
    const content = mailContent('created', appointment, {
      entityName: 'Cabinet <Dupont> & fils',
      timezone: 'Europe/Paris',
      language: 'fr',
      cancelLink: 'https://x.fr/c?t=abc&u=1',
    });
    expect(content.subject).toBe('Votre rendez-vous avec Cabinet <Dupont> & fils est confirmé');
    expect(content.text).toContain('Bonjour Jeanne <b>Durand</b>,');
    // 29 March 2026 is the day Paris moves to summer time: 09:00 there is 07:00 UTC.
    expect(content.text).toContain('dimanche 29 mars 2026, de 09:00 à 09:30 (Europe/Paris)');
    expect(content.html).not.toContain('<b>Durand</b>');
    expect(content.html).toContain('&lt;b&gt;Durand&lt;/b&gt;');
    expect(content.html).toContain('Cabinet &lt;Dupont&gt; &amp; fils');
    expect(content.html).toContain('<a href="https://x.fr/c?t=abc&amp;u=1">');
  });

  it('keeps one UID per appointment, saying nothing of the tenant', () => {
    expect(calendarUid('acme', 7)).toBe(calendarUid('acme', 7));
    expect(calendarUid('acme', 7)).not.toBe(calendarUid('acme', 8));
    expect(calendarUid('acme', 7)).not.toBe(calendarUid('other', 7));
    expect(calendarUid('acme', 7)).not.toContain('acme');
  });
});
