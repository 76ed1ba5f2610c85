/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { assertContract } from '../../../support/contract';
import { futureWeekday } from '../../../support/fixtures';
import { until } from '../../../support/mail';
import { onSharedEngine, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 59, points 6 and 8, through `npm start` alone: a salon's currency, brand colour and logo (each
 * refused with a clear 400 when wrong), its services' prices in minor units in GET /services, each
 * availability start and the business a page reads; the client's e-mail read from the outbox comes from
 * the salon's name, is answered to its first notify_emails address, says the price written for its
 * locale and carries its logo and colour.
 */
const store = onSharedEngine('prices-brand');
const outbox = mkdtempSync(join(tmpdir(), 'booking-brand-outbox-'));
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

describe('prices and a business’s own look through npm start', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ ...store, DEMO_ACCOUNT_ID: 'demo-brand', SMTP_URL: '', OUTBOX_DIR: outbox });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  const call = async (method: string, path: string, body?: unknown, token = server.v2) => {
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: {
        'Access-Token': token,
        ...(token.startsWith('pk_') ? { Origin: 'https://salon.example' } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assertContract(method, `/api/v2${path}`, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    return { status: response.status, json: JSON.parse(text) as Json };
  };
  const data = async (method: string, path: string, body?: unknown, token?: string) => {
    const answer = await call(method, path, body, token);
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json.data as Json;
  };

  it('refuses a wrong currency, a colour white text is unreadable on, a logo not on https, a decimal price', async () => {
    const refused = async (path: string, body: unknown) => {
      const answer = await call('POST', path, body);
      expect(answer.status).toBe(400);
      expect(answer.json.success).toBe(false);
      return answer.json.message as string;
    };
    expect(await refused('/settings', { currency: 'EURO' })).toMatch(/^currency: /);
    expect(await refused('/settings', { currency: 'XYZ' })).toBe(
      'currency: must be an ISO 4217 currency code such as EUR, USD or JPY',
    );
    // #f5a623 (orange): white text on it is 2.03:1; #767676 is the lightest grey that passes (4.54:1).
    expect(await refused('/settings', { brand_color: '#f5a623' })).toBe(
      'brand_color: white text on #f5a623 has a contrast of 2.03:1, under the 4.5:1 of WCAG AA: choose a darker colour',
    );
    expect(await refused('/settings', { brand_color: '#777777' })).toMatch(
      /^brand_color: white text on #777777/,
    );
    expect(await refused('/settings', { brand_color: 'purple' })).toMatch(/^brand_color: /);
    expect(await refused('/settings', { logo_url: 'http://salon.example/logo.png' })).toMatch(/^logo_url: /);
    expect(await refused('/settings', { logo_url: 'https://user:pw@salon.example/logo.png' })).toMatch(
      /^logo_url: /,
    );
    expect(await refused('/services', { name: 'Cut', duration: 30, price: 45.5 })).toMatch(
      /^price: must be a whole number of the currency's minor units/,
    );
    expect(await refused('/services', { name: 'Cut', duration: 30, price: '45.50' })).toMatch(/^price: /);
    // A service's own currency is held to the codes the setting takes: three letters are not enough.
    expect(await refused('/services', { name: 'Cut', duration: 30, currency: 'XYZ' })).toBe(
      'currency: must be an ISO 4217 currency code such as EUR, USD or JPY',
    );
    expect(await refused('/services', { name: 'Cut', duration: 30, currency: 'EURO' })).toMatch(
      /^currency: /,
    );
    expect(await data('GET', '/services')).toEqual([]);
    const settings = await data('GET', '/settings');
    expect(settings).toMatchObject({ currency: 'EUR', brand_color: null, logo_url: null });
  });

  it('shows prices in GET /services, each availability start and the e-mail, in the salon’s look and voice', async () => {
    const settings = await data('POST', '/settings', {
      name: 'Salon Jeanne',
      language: 'fr',
      currency: 'eur',
      brand_color: '#7A1F5C',
      logo_url: 'https://cdn.salon.example/logo.png',
      notify_emails: ['accueil@salon.example', 'chloe@salon.example'],
    });
    expect(settings).toMatchObject({
      currency: 'EUR',
      brand_color: '#7a1f5c',
      logo_url: 'https://cdn.salon.example/logo.png',
    });
    const date = futureWeekday(15);
    await data('POST', '/calendar-slots/generate', { date, duration: 30, max_appointments: 1 });
    const colour = await data('POST', '/services', { name: 'Colour', duration: 60, price: 4550 });
    const yen = await data('POST', '/services', {
      name: 'Omakase',
      duration: 30,
      price: 4550,
      currency: 'jpy',
    });
    const free = await data('POST', '/services', { name: 'Consultation', duration: 30 });
    const key = (await data('POST', '/keys', { name: 'site', allowed_origins: ['https://salon.example'] }))
      .key;

    const services: Json[] = await data('GET', '/services', undefined, key);
    expect(services.map((s) => [s.name, s.price, s.currency])).toEqual([
      ['Colour', 4550, 'EUR'],
      ['Omakase', 4550, 'JPY'],
      ['Consultation', null, 'EUR'],
    ]);
    const starts: Json[] = await data(
      'GET',
      `/availability?service_id=${colour.id}&from=${date}&to=${date}`,
      undefined,
      key,
    );
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start).toMatchObject({ price: 4550, currency: 'EUR' });
    const yenStart = (await data('GET', `/availability?service_id=${yen.id}&from=${date}&to=${date}`))[0];
    expect(yenStart).toMatchObject({ price: 4550, currency: 'JPY' });
    const freeStart = (await data('GET', `/availability?service_id=${free.id}&from=${date}&to=${date}`))[0];
    expect(freeStart).toMatchObject({ price: null, currency: 'EUR' });
    expect(await data('GET', '/business', undefined, key)).toMatchObject({
      name: 'Salon Jeanne',
      locale: 'fr-FR',
      currency: 'EUR',
      brand_color: '#7a1f5c',
      logo_url: 'https://cdn.salon.example/logo.png',
      max_days_ahead: expect.any(Number),
    });

    const email = 'jeanne.prix@example.com';
    const booked = await data(
      'POST',
      '/appointments',
      {
        service_id: colour.id,
        date,
        start_time: starts[0].start_time,
        client_name: 'Jeanne Durand',
        client_phone: '06 12 34 56 78',
        client_email: email,
      },
      key,
    );
    expect(booked.service_id).toBe(colour.id);
    const mail: ParsedMail = await until('the confirmation in the outbox', async () => {
      const listed = (await (await fetch(`${server.url}/_outbox`)).json()) as {
        messages: Array<{ file: string }>;
      };
      for (const { file } of listed.messages) {
        const eml = await fetch(`${server.url}/_outbox/${file}`);
        const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
        if (JSON.stringify(parsed.to).includes(email)) return parsed;
      }
      return null;
    });
    // From the salon's name on the stage's sender address, answered to its first notify_emails address.
    expect(mail.from?.value).toEqual([{ name: 'Salon Jeanne', address: 'no-reply@booking.local' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'accueil@salon.example' }]);
    expect(mail.subject).toBe('Votre rendez-vous avec Salon Jeanne est confirmé');
    expect(mail.text).toContain('Quoi : Colour');
    expect(mail.text).toContain('Prix : 45,50\u00a0€');
    expect(mail.text).toContain('(heure de Paris)');
    expect(mail.html).toContain('<img src="https://cdn.salon.example/logo.png" alt="Salon Jeanne"');
    expect(mail.html).toContain('#7a1f5c');

    // The manage page's lookup names the service with its price.
    const managed = await data(
      'POST',
      '/appointments/lookup',
      { cancel_token: booked.cancel_token },
      booked.cancel_token,
    );
    expect(managed.service).toEqual({ id: colour.id, name: 'Colour', price: 4550, currency: 'EUR' });
    expect(managed.business).toMatchObject({ brand_color: '#7a1f5c', locale: 'fr-FR' });

    // Cleared: no colour, no logo; the e-mails then carry neither.
    expect(await data('POST', '/settings', { brand_color: '', logo_url: null })).toMatchObject({
      brand_color: null,
      logo_url: null,
    });
  });
});
