import { simpleParser } from 'mailparser';
import { mailContent, zoneName } from '../../../../shared/features/mail/domain/mail-content';
import type { MailAppointment } from '../../../../shared/features/mail/domain/notifications';
import { businessSender, replyToOf, senderAddress } from '../../../../shared/features/mail/domain/sender';
import { mimeOf } from '../../../../shared/local/pipelines/local-mail';

const appointment: MailAppointment = {
  appointment_id: 7,
  calendar_id: 1,
  status: 'confirmed',
  date: '2026-12-01',
  start_time: '14:00:00',
  end_time: '15:30:00',
  client_firstname: 'Jeanne',
  client_lastname: 'Durand',
  client_email: 'jeanne@example.com',
  client_phone: '+33612345678',
  updated_at: '2026-11-01T10:00:00.000Z',
  service_name: 'Colour',
  service_id: 4,
};
const context = {
  entityName: 'Salon Léa',
  timezone: 'Europe/Paris',
  language: 'fr' as const,
  locale: 'fr-FR',
  calendarName: 'Chloé',
};

describe('an e-mail in the business’s voice and look (issue 59, points 6 and 8)', () => {
  it('comes from the business’s name on the stage’s address, quoted or encoded, and decodes back', async () => {
    expect(businessSender('Salon Jeanne', 'Booking <no-reply@booking.local>')).toBe(
      '"Salon Jeanne" <no-reply@booking.local>',
    );
    expect(businessSender('Chez "Jo" \\ Co', 'no-reply@mail.example.com')).toBe(
      '"Chez \\"Jo\\" \\\\ Co" <no-reply@mail.example.com>',
    );
    const long = `Salon Léa ${'é'.repeat(60)}`;
    const from = businessSender(long, 'Booking <no-reply@booking.local>');
    for (const word of from.split(' <')[0]?.split(' ') ?? []) expect(word.length).toBeLessThanOrEqual(75);
    const parsed = await simpleParser(
      await mimeOf({
        from,
        replyTo: 'salon@example.fr',
        to: 'jeanne@example.com',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
        attachments: [],
      }),
    );
    expect(parsed.from?.value).toEqual([{ name: long, address: 'no-reply@booking.local' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'salon@example.fr' }]);
    expect(senderAddress('Booking <no-reply@booking.local>')).toBe('no-reply@booking.local');
  });

  it('is answered to the first notify_emails address, and to the sender without one', () => {
    expect(replyToOf({ notify_emails: ['salon@example.fr', 'chloe@example.fr'] })).toBe('salon@example.fr');
    expect(replyToOf({ notify_emails: [] })).toBeUndefined();
    expect(replyToOf({})).toBeUndefined();
  });

  it('says the price written for the locale, and the time zone named for people', () => {
    const fr = mailContent('created', appointment, { ...context, price: '45,50 €' });
    expect(fr.text).toContain('Quoi : Colour, avec Chloé\n\nPrix : 45,50 €');
    expect(fr.text).toContain('mardi 1 décembre 2026, de 14:00 à 15:30 (heure de Paris)');
    const en = mailContent('created', appointment, {
      ...context,
      language: 'en',
      locale: 'en-US',
      timezone: 'America/New_York',
      price: '$45.50',
    });
    expect(en.text).toContain('Price: $45.50');
    expect(en.text).toContain('(New York time)');
    expect(mailContent('created', appointment, context).text).not.toMatch(/Prix/);
    expect(zoneName('Nowhere/Else', 'en-GB')).toBe('Nowhere/Else');
  });

  it('carries the logo and the brand colour in its HTML, and neither without them', () => {
    const branded = mailContent('created', appointment, {
      ...context,
      manageLink: 'https://api.example.com/manage#tok',
      brand: { color: '#7a1f5c', logo: 'https://cdn.example.fr/logo.png?a=1&b=2' },
    }).html;
    expect(branded).toContain('<img src="https://cdn.example.fr/logo.png?a=1&amp;b=2" alt="Salon Léa"');
    expect(branded).toContain('border-top:4px solid #7a1f5c');
    expect(branded).toContain('style="color:#7a1f5c"');
    const plain = mailContent('created', appointment, {
      ...context,
      brand: { color: null, logo: null },
    }).html;
    expect(plain).not.toMatch(/<img|border-top|style=/);
  });
});
