import ICAL from 'ical.js';
import { appointmentIcs, feedIcs, paramText } from '../../../../shared/features/mail/domain/ics';
import {
  feedEntryText,
  inviteSummary,
  mailContent,
} from '../../../../shared/features/mail/domain/mail-content';
import {
  calendarUid,
  type MailAppointment,
  mailCapAddress,
  reminderTime,
} from '../../../../shared/features/mail/domain/notifications';
import {
  cancelLinkOf,
  cancelUrlProblem,
  canonicalLocale,
  localeLanguageProblem,
  localeOf,
  localeProblem,
  manageLinkOf,
  notificationPatchShape,
} from '../../../../shared/features/settings/domain/notification-settings';
import { parseCalendar } from '../../../support/mail';

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
      locale: 'fr-FR',
      manageLink: 'https://x.fr/c?t=abc&u=1',
    });
    expect(content.subject).toBe('Votre rendez-vous avec Cabinet <Dupont> & fils est confirmé');
    expect(content.text).toContain('Bonjour Jeanne <b>Durand</b>,');
    // 29 March 2026 is the day Paris moves to summer time: 09:00 there is 07:00 UTC.
    expect(content.text).toContain('dimanche 29 mars 2026, de 09:00 à 09:30 (heure de Paris)');
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

const context = {
  entityName: 'Salon Léa',
  timezone: 'Europe/London',
  language: 'en' as const,
  locale: 'en-GB',
  address: '12 High Street, Bath BA1 1AA',
  manageLink: 'https://api.example.com/manage#tok%2Ben',
};
const winter = { ...appointment, date: '2026-12-01', start_time: '14:00:00', end_time: '14:30:00' };

describe('the locale of dates and times', () => {
  it('writes a UK salon’s dates as the UK does, and a US one’s as the US does', () => {
    // (Whether a comma follows the weekday is the locale data's choice, not ours.)
    expect(mailContent('created', winter, context).text).toMatch(
      /When: Tuesday,? 1 December 2026, 14:00 to 14:30 \(London time\)/,
    );
    const us = mailContent('created', winter, { ...context, timezone: 'America/New_York', locale: 'en-US' });
    expect(us.text).toContain('When: Tuesday, December 1, 2026, 2:00 PM to 2:30 PM (New York time)');
  });

  it.each([
    [{ locale: null, language: 'en', country: 'GB' }, 'en-GB'],
    [{ locale: null, language: 'en', country: 'US-CA' }, 'en-US'],
    [{ locale: null, language: 'fr', country: 'FR' }, 'fr-FR'],
    [{ locale: null, language: 'en', country: 'FR' }, 'en-FR'],
    [{ locale: 'en-US', language: 'en', country: 'GB' }, 'en-US'],
  ] as const)('%j → %s', (settings, locale) => {
    expect(localeOf(settings)).toBe(locale);
  });

  it.each([
    ['en-GB', null],
    ['fr-CA', null],
    ['en', null],
    ['de-DE', 'must be a locale of en or fr, such as en-GB, en-US or fr-FR'],
    ['en-ZZ', 'has an unknown region ZZ'],
    ['english', 'must be a language and a region, such as en-GB, en-US or fr-FR'],
    ['en_GB', 'must be a language and a region, such as en-GB, en-US or fr-FR'],
  ])('%s: %s', (tag, problem) => {
    expect(localeProblem(tag)).toBe(problem);
  });

  it('takes a tag in any case, stores it canonical, "" derives it again; words and dates speak one language', () => {
    expect(canonicalLocale('EN-gb')).toBe('en-GB');
    const shape = notificationPatchShape();
    expect(shape.locale.parse('en-gb')).toBe('en-GB');
    expect(shape.locale.parse('')).toBeNull();
    expect(shape.locale.safeParse('xx').success).toBe(false);
    expect(localeLanguageProblem('en-GB', 'en')).toBeNull();
    expect(localeLanguageProblem(null, 'fr')).toBeNull();
    expect(localeLanguageProblem('en-GB', 'fr')).toMatch(/^must be a locale of the language fr/);
  });

  it('refuses control characters in a name or an address, clears an empty address', () => {
    const shape = notificationPatchShape();
    expect(shape.name.parse('  Salon Léa ')).toBe('Salon Léa');
    expect(shape.name.safeParse('Salon\r\nBcc: x@y').success).toBe(false);
    expect(shape.name.safeParse('').success).toBe(false);
    expect(shape.address.parse('')).toBeNull();
    expect(shape.address.safeParse('12 rue X\n75001 Paris').success).toBe(false);
    expect(shape.address.safeParse('\ud800').success).toBe(false);
  });
});

describe('the manage link', () => {
  it('is the cancel_url when set, else <public base>/manage#<token>, else none', () => {
    expect(manageLinkOf('https://x.fr/c?t={cancel_token}', 'https://api.example.com', 'a+b')).toBe(
      'https://x.fr/c?t=a%2Bb',
    );
    expect(manageLinkOf(null, 'https://api.example.com', 'a+b')).toBe('https://api.example.com/manage#a%2Bb');
    expect(manageLinkOf(null, 'https://api.example.com/prod/', 'tok')).toBe(
      'https://api.example.com/prod/manage#tok',
    );
    expect(manageLinkOf(null, undefined, 'tok')).toBeUndefined();
  });

  it.each(['created', 'updated', 'reminder'] as const)(
    'a live appointment’s %s e-mail carries it',
    (kind) => {
      const content = mailContent(kind, winter, context);
      expect(content.text).toContain(`To see, change or cancel it, open this link: ${context.manageLink}`);
      expect(content.html).toContain(`<a href="${context.manageLink}">`);
    },
  );

  it('the cancellation does not, and says the file removes the appointment', () => {
    const cancelled = mailContent('cancelled', { ...winter, status: 'cancelled' }, context);
    expect(cancelled.text).not.toContain('manage#');
    expect(cancelled.text).toContain('The attached appointment.ics removes it from your calendar.');
    expect(cancelled.text).not.toContain('adds it');
    const fr = mailContent('cancelled', { ...winter, status: 'cancelled' }, { ...context, language: 'fr' });
    expect(fr.text).toContain('Le fichier appointment.ics joint le retire de votre agenda.');
    expect(mailContent('updated', winter, context).text).toContain('updates it in your calendar');
    expect(mailContent('created', winter, context).text).toContain('adds it to your calendar');
  });

  it('signs with the business’s name and address', () => {
    const content = mailContent('reminder', winter, context);
    expect(content.subject).toBe('Reminder: your appointment with Salon Léa');
    expect(content.text.trimEnd().endsWith('Salon Léa\n12 High Street, Bath BA1 1AA')).toBe(true);
    expect(content.html).toContain('<p>Salon Léa<br>12 High Street, Bath BA1 1AA</p>');
    const bare = mailContent('reminder', winter, { ...context, address: null });
    expect(bare.text.trimEnd().endsWith('Salon Léa')).toBe(true);
  });
});

describe('the invite', () => {
  const entry = {
    uid: calendarUid('acme', 7),
    sequence: 2,
    date: '2026-12-01',
    start_time: '14:00:00',
    end_time: '14:30:00',
    timezone: 'Europe/London',
    summary: inviteSummary(null, 'Salon Léa', 'en'),
    description: 'Your appointment with Salon Léa is confirmed\nhttps://api.example.com/manage#tok',
    cancelled: false,
    stamp: new Date('2026-11-01T10:00:00Z'),
    location: '12 High Street, Bath BA1 1AA',
    attendee: { name: 'Jeanne Durand', email: 'jeanne@example.com' },
  };

  it('names the service (or Appointment) and the business', () => {
    expect(inviteSummary(null, 'Salon Léa', 'en')).toBe('Appointment – Salon Léa');
    expect(inviteSummary(undefined, 'Salon Léa', 'fr')).toBe('Rendez-vous – Salon Léa');
    expect(inviteSummary('Haircut', 'Salon Léa', 'en')).toBe('Haircut – Salon Léa');
  });

  it('carries ATTENDEE, LOCATION and the ORGANIZER, and ends every line with CRLF', () => {
    const text = appointmentIcs(entry, { name: 'Salon Léa', email: 'no-reply@booking.local' });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(
      /^ATTENDEE;[^\r\n]*CN="?Jeanne Durand"?[^\r\n]*:mailto:jeanne@example\.com\r$/im,
    );
    expect(unfolded).toContain('PARTSTAT=ACCEPTED');
    expect(unfolded).toContain('LOCATION:12 High Street\\, Bath BA1 1AA\r\n');
    const parsed = parseCalendar(text);
    expect(parsed.method).toBe('REQUEST');
    expect(parsed.events[0]).toMatchObject({
      summary: 'Appointment – Salon Léa',
      sequence: 2,
      start: '2026-12-01T14:00:00.000Z',
    });
    const cancel = appointmentIcs({ ...entry, cancelled: true }, { name: 'S', email: 'n@b.l' });
    expect(parseCalendar(cancel).method).toBe('CANCEL');
    expect(cancel.endsWith('\r\n')).toBe(true);
  });

  it('has no ATTENDEE without an address, and the feed ends its lines with CRLF too', () => {
    const text = appointmentIcs({ ...entry, attendee: null, location: null }, { name: 'S', email: 'n@b.l' });
    expect(text).not.toContain('ATTENDEE');
    expect(text).not.toContain('LOCATION');
    const feed = feedIcs('Salon Léa', [entry, { ...entry, uid: calendarUid('acme', 8) }]);
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });
});

describe('parameter values of the invite (RFC 6868)', () => {
  const forged = 'Eve "Boss"":mailto:evil@attacker.example;ROLE=CHAIR;X="^';
  const invite = () =>
    appointmentIcs(
      {
        uid: calendarUid('acme', 9),
        sequence: 0,
        date: '2026-12-01',
        start_time: '14:00:00',
        end_time: '14:30:00',
        timezone: 'Europe/London',
        summary: 'Appointment',
        description: 'Hello',
        cancelled: false,
        stamp: new Date('2026-11-01T10:00:00Z'),
        attendee: { name: forged, email: 'jeanne@example.com' },
      },
      { name: 'Salon "Léa"', email: 'no-reply@booking.local' },
    );

  it('write ", a line break and ^ as ^\', ^n and ^^', () => {
    expect(paramText('a "b"\nc^d\r\ne')).toBe("a ^'b^'^nc^^d^ne");
    expect(paramText('Jeanne Durand')).toBe('Jeanne Durand');
  });

  it('a name with quotes cannot forge the attendee: one ATTENDEE, its own address, its name intact', () => {
    const text = invite();
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    for (const line of unfolded.split('\r\n').filter((l) => /^(ATTENDEE|ORGANIZER)[;:]/.test(l))) {
      // Within a parameter, the only quotes are the two around the value.
      expect(line.match(/"/g)).toHaveLength(2);
      expect(line).not.toContain('\\"');
    }
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    const attendees = vevent?.getAllProperties('attendee') ?? [];
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0]?.getFirstValue()).toLowerCase()).toBe('mailto:jeanne@example.com');
    expect(attendees[0]?.getParameter('cn')).toBe(forged);
    expect(attendees[0]?.getParameter('role')).toBe('REQ-PARTICIPANT');
    const organizer = vevent?.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('Salon "Léa"');
    expect(organizer?.getFirstValue()).toBe('mailto:no-reply@booking.local');
  });
});

describe('the staff feed’s words', () => {
  const a = {
    client_firstname: 'Jeanne',
    client_lastname: 'Durand',
    client_phone: '+33612345678',
    status: 'cancelled' as const,
  };
  it('speaks the entity’s language', () => {
    expect(feedEntryText(a, 'fr')).toEqual({
      summary: 'Annulé : Jeanne Durand',
      description: 'Client : Jeanne Durand\nTéléphone : +33612345678\nStatut : annulé',
    });
    expect(feedEntryText({ ...a, status: 'confirmed' }, 'en')).toEqual({
      summary: 'Jeanne Durand',
      description: 'Client: Jeanne Durand\nPhone: +33612345678\nStatus: confirmed',
    });
  });
});

describe('the address the hourly cap counts', () => {
  it('is lower-cased and trimmed, without a +tag in its local part', () => {
    for (const address of [
      'victim+a@example.com',
      'victim+b@example.com',
      'VICTIM@example.com',
      ' Victim@Example.COM ',
    ]) {
      expect(mailCapAddress(address)).toBe('victim@example.com');
    }
    expect(mailCapAddress('victim+a+b@example.com')).toBe('victim@example.com');
    expect(mailCapAddress('victim@plus+domain.example')).toBe('victim@plus+domain.example');
    expect(mailCapAddress('other@example.com')).not.toBe(mailCapAddress('victim@example.com'));
  });
});
