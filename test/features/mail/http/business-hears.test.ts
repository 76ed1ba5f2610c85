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
import { calendarOf, parseCalendar } from '../../../support/mail';
import {
  eventually,
  onSharedEngine,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * Issue 59, point 5, through `npm start` alone, e-mails read from its outbox: a French salon names the
 * addresses that hear of bookings (notify_emails) and its stylists' own (a calendar's email); a visitor
 * books with a publishable key, the salon moves the appointment to another stylist, the client cancels it
 * by link: each change reaches every address once, in French, saying who, what, when and the client's
 * contact, the stylist's copy with the calendar file. Each stylist has a feed of their own, French
 * throughout.
 */
const store = onSharedEngine('business-hears');
const outbox = mkdtempSync(join(tmpdir(), 'booking-business-hears-'));
type Json = Record<string, unknown>;
const ORIGIN = 'https://salon-jeanne.example';

describe('the business hears, through npm start', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'business-hears',
      SMTP_URL: '',
      OUTBOX_DIR: outbox,
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  const call = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: headers ?? { 'Access-Token': server.v2 },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assertContract(method, `/api/v2${path}`, {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
    });
    return { status: response.status, json: JSON.parse(text) as { data: unknown; message: string } };
  };
  const data = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const answer = await call(method, path, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.json.message}`);
    return answer.json.data as never;
  };

  /** Every message of the outbox, parsed. */
  const outboxMails = async (): Promise<ParsedMail[]> => {
    const listed = (await (await fetch(`${server.url}/_outbox`)).json()) as {
      messages: Array<{ file: string }>;
    };
    return Promise.all(
      listed.messages.map(async (m) =>
        simpleParser(Buffer.from(await (await fetch(`${server.url}/_outbox/${m.file}`)).arrayBuffer())),
      ),
    );
  };
  const toOf = (m: ParsedMail): string => JSON.stringify(m.to ?? '').toLowerCase();
  /** The messages to one address whose subject starts so, once `count` of them are there. */
  const mailsTo = async (address: string, subject: string, count = 1): Promise<ParsedMail[]> => {
    let found: ParsedMail[] = [];
    await eventually(async () => {
      found = (await outboxMails()).filter(
        (m) => toOf(m).includes(address) && m.subject?.startsWith(subject),
      );
      return found.length >= count;
    });
    return found;
  };

  it('tells notify_emails and the stylist of every booking, move and cancellation, in French, with the file for the stylist', async () => {
    // Settings: the salon speaks French; two spellings of one address are one; a bad one, or six, are 400.
    const bad = await call('POST', '/settings', {
      notify_emails: ['accueil@salon-jeanne.example', 'not an address'],
    });
    expect([bad.status, bad.json.message]).toEqual([
      400,
      'notify_emails: must hold valid e-mail addresses only',
    ]);
    const six = Array.from({ length: 6 }, (_, i) => `a${i}@salon-jeanne.example`);
    expect((await call('POST', '/settings', { notify_emails: six })).status).toBe(400);
    const settings: Json = await data('POST', '/settings', {
      language: 'fr',
      name: 'Salon Jeanne',
      notify_emails: ['accueil@salon-jeanne.example', ' Accueil@Salon-Jeanne.example '],
    });
    expect(settings.notify_emails).toEqual(['accueil@salon-jeanne.example']);
    expect(((await data('GET', '/settings')) as Json).notify_emails).toEqual([
      'accueil@salon-jeanne.example',
    ]);

    // Two stylists, each with an address; a bad address is 400; a publishable key never sees them.
    const chloe = ((await data('GET', '/calendars')) as Json[])[0]?.id as number;
    expect((await call('POST', '/calendars/update', { id: chloe, email: 'chloé at salon' })).status).toBe(
      400,
    );
    expect(
      await data('POST', '/calendars/update', {
        id: chloe,
        name: 'Chloé',
        email: 'chloe@salon-jeanne.example',
      }),
    ).toMatchObject({
      email: 'chloe@salon-jeanne.example',
    });
    const bruno = (
      (await data('POST', '/calendars', { name: 'Bruno', email: 'bruno@salon-jeanne.example' })) as Json
    ).id as number;
    const key = ((await data('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })) as Json)
      .key as string;
    const visitor = { 'Access-Token': key, Origin: ORIGIN };
    const seen: Json[] = await data('GET', '/calendars', undefined, visitor);
    expect(seen.map((c) => Object.keys(c).sort())).toEqual([
      ['active', 'id', 'name'],
      ['active', 'id', 'name'],
    ]);
    expect(((await data('GET', '/calendars')) as Json[]).map((c) => c.email)).toEqual([
      'chloe@salon-jeanne.example',
      'bruno@salon-jeanne.example',
    ]);

    const date = futureWeekday(15);
    await data('POST', '/calendar-slots/generate', { date, calendar_id: chloe });
    const brunoSlots: Json[] = await data('POST', '/calendar-slots/generate', { date, calendar_id: bruno });
    await data('POST', '/services', { name: 'Colour', duration: 30 });
    const colour = ((await data('GET', '/services')) as Json[])[0]?.id as number;

    // 1. A visitor books Colour with Chloé at 10:00 (the client, online).
    const booked: Json = await data(
      'POST',
      '/appointments',
      {
        service_id: colour,
        date,
        start_time: '10:00',
        calendar_id: chloe,
        client_name: 'Jo Martin',
        client_phone: '06 11 22 33 44',
        client_email: 'jo@example.com',
      },
      visitor,
    );
    const [desk] = await mailsTo('accueil@salon-jeanne.example', 'Nouveau rendez-vous : Jo Martin');
    expect(desk?.text).toContain('Par : le client, en ligne');
    expect(desk?.text).toContain('Prestation : Colour');
    expect(desk?.text).toContain('Avec : Chloé');
    expect(desk?.text).toContain('Client : Jo Martin');
    expect(desk?.text).toContain('Téléphone : +33611223344');
    expect(desk?.text).toContain('E-mail : jo@example.com');
    expect(desk?.text).not.toMatch(/\b(Service|With|Phone|Status):/);
    expect(desk?.attachments).toHaveLength(0);
    expect(desk?.replyTo?.text).toContain('jo@example.com');
    const [toChloe] = await mailsTo('chloe@salon-jeanne.example', 'Nouveau rendez-vous');
    const chloeFile = calendarOf(toChloe as ParsedMail);
    expect(chloeFile.method).toBe('REQUEST');
    expect(chloeFile.events[0]?.summary).toBe('Jo Martin: Colour');
    // The client's invite: the same event (UID), titled "<service> – <business>" without escaped clutter.
    const [invite] = await mailsTo('jo@example.com', 'Votre rendez-vous');
    const clientFile = calendarOf(invite as ParsedMail);
    expect(clientFile.events[0]?.summary).toBe('Colour – Salon Jeanne');
    expect(clientFile.text.replace(/\r\n /g, '')).toContain('SUMMARY:Colour – Salon Jeanne\r\n');
    expect(chloeFile.events[0]?.uid).toBe(clientFile.events[0]?.uid);

    // 2. The salon moves it to Bruno at 11:00 (its own token): Chloé's file removes it, Bruno's adds it.
    const target = brunoSlots.find((s) => s.start_time === '11:00:00') as Json;
    await data('POST', '/appointments/reschedule', { cancel_token: booked.cancel_token, slot_id: target.id });
    const [moved] = await mailsTo('accueil@salon-jeanne.example', 'Rendez-vous modifié : Jo Martin');
    expect(moved?.text).toContain('Par : Salon Jeanne');
    expect(moved?.text).toMatch(/Avant : .*10:00/);
    expect(moved?.text).toContain('Avec : Bruno');
    const [leaves] = await mailsTo('chloe@salon-jeanne.example', 'Rendez-vous modifié');
    expect(calendarOf(leaves as ParsedMail).method).toBe('CANCEL');
    const [arrives] = await mailsTo('bruno@salon-jeanne.example', 'Rendez-vous modifié');
    expect(calendarOf(arrives as ParsedMail).method).toBe('REQUEST');

    // 3. The client cancels by link: everyone hears who did it, Bruno's file removes it.
    await data('POST', '/appointments/cancel', { cancel_token: booked.cancel_token }, visitor);
    const [cancelled] = await mailsTo('accueil@salon-jeanne.example', 'Rendez-vous annulé : Jo Martin');
    expect(cancelled?.text).toContain('Par : le client, en ligne');
    const [gone] = await mailsTo('bruno@salon-jeanne.example', 'Rendez-vous annulé');
    expect(calendarOf(gone as ParsedMail).method).toBe('CANCEL');

    // 4. A booking without the client's address still reaches the salon; each address heard each change once.
    await data('POST', '/appointments', {
      service_id: colour,
      date,
      start_time: '14:00',
      calendar_id: chloe,
      client_name: 'Léa Roux',
      client_phone: '06 55 44 33 22',
    });
    const [noEmail] = await mailsTo('accueil@salon-jeanne.example', 'Nouveau rendez-vous : Léa Roux');
    expect(noEmail?.text).toContain('Par : Salon Jeanne');
    expect(noEmail?.text).not.toContain('E-mail :');
    await mailsTo('chloe@salon-jeanne.example', 'Nouveau rendez-vous : Léa Roux');
    const all = await outboxMails();
    const subjects = (address: string) =>
      all
        .filter((m) => toOf(m).includes(address))
        .map((m) => m.subject?.split(' : ')[0])
        .sort();
    expect(subjects('accueil@salon-jeanne.example')).toEqual([
      'Nouveau rendez-vous',
      'Nouveau rendez-vous',
      'Rendez-vous annulé',
      'Rendez-vous modifié',
    ]);
    expect(subjects('chloe@salon-jeanne.example')).toEqual([
      'Nouveau rendez-vous',
      'Nouveau rendez-vous',
      'Rendez-vous modifié',
    ]);
    expect(subjects('bruno@salon-jeanne.example')).toEqual(['Rendez-vous annulé', 'Rendez-vous modifié']);
  }, 300_000);

  it("gives each stylist a feed of their own, and every feed speaks the business's language", async () => {
    const [chloe, bruno] = ((await data('GET', '/calendars')) as Json[]).map((c) => c.id as number);
    const feed = async (url: string) =>
      (await (await fetch(`${server.url}${new URL(url).pathname}`)).text()).replace(/\r\n /g, '');
    const salonUrl = ((await data('POST', '/calendar-feed')) as Json).url as string;
    const brunoUrl = ((await data('POST', '/calendar-feed', { calendar_id: bruno })) as Json).url as string;
    const chloeUrl = ((await data('POST', '/calendar-feed', { calendar_id: chloe })) as Json).url as string;
    expect(new Set([salonUrl, brunoUrl, chloeUrl]).size).toBe(3);

    const salon = await feed(salonUrl);
    expect(salon).toContain('X-WR-CALNAME:Salon Jeanne\r\n');
    expect(salon).toContain('Annulé : Jo Martin: Colour');
    expect(salon).toContain('Léa Roux: Colour');
    expect(salon).toContain('Prestation : Colour');
    expect(salon).toContain('Avec : Bruno');
    expect(salon).not.toMatch(/Service: |With: |Phone: |Status: /);
    const ofBruno = parseCalendar(await feed(brunoUrl));
    expect(ofBruno.text).toContain('X-WR-CALNAME:Salon Jeanne – Bruno\r\n');
    expect(ofBruno.events.map((e) => e.summary)).toEqual(['Annulé : Jo Martin: Colour']);
    expect(parseCalendar(await feed(chloeUrl)).events.map((e) => e.summary)).toEqual(['Léa Roux: Colour']);

    // Each address is its own: Bruno's asked again replaces Bruno's only; ending Chloé's leaves the salon's.
    const brunoAgain = ((await data('POST', '/calendar-feed', { calendar_id: bruno })) as Json).url as string;
    expect((await fetch(`${server.url}${new URL(brunoUrl).pathname}`)).status).toBe(404);
    expect((await fetch(`${server.url}${new URL(brunoAgain).pathname}`)).status).toBe(200);
    expect(await data('GET', `/calendar-feed?calendar_id=${chloe}`)).toMatchObject({ exists: true });
    await data('POST', '/calendar-feed/delete', { calendar_id: chloe });
    expect((await fetch(`${server.url}${new URL(chloeUrl).pathname}`)).status).toBe(404);
    expect((await fetch(`${server.url}${new URL(salonUrl).pathname}`)).status).toBe(200);
    // A calendar the entity does not have is 404.
    const unknown = await call('POST', '/calendar-feed', { calendar_id: 999_999 });
    expect([unknown.status, unknown.json.message]).toEqual([404, 'calendar not found or inactive']);
  }, 300_000);
});
