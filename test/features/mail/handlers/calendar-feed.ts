import { sha256Hex } from '../../../../shared/features/access/domain/tokens';
import { AppointmentRepository } from '../../../../shared/features/booking/store/appointment-repository';
import { CalendarFeedService } from '../../../../shared/features/mail/services/calendar-feed-service';
import { CalendarFeedRepository } from '../../../../shared/features/mail/store/calendar-feed-repository';
import { startInstant } from '../../../../shared/features/schedule/domain/slot-times';
import { mailLookup, table } from '../../../../shared/wiring';
import { type Caller, startHttp, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { tableItems } from '../../../support/invariants';
import { parseCalendar } from '../../../support/mail';

type Entity = Awaited<ReturnType<typeof newEntity>>;
const ZONE = 'Europe/Paris';
const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });

let http: { call: Caller; baseUrl: string; close: () => Promise<void> };
beforeAll(async () => {
  http = await startHttp();
});
afterAll(async () => {
  await http.close();
});

/** The path of a feed address (the local server serves it as API Gateway would). */
const pathOf = (url: string) => new URL(url).pathname;

async function feedOf(entity: Entity): Promise<string> {
  const answer = await v2(entity, 'POST', '/calendar-feed');
  expect(answer.status).toBe(200);
  expect(answer.json.data.url).toMatch(/^https?:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  return answer.json.data.url as string;
}

describe('the staff calendar feed', () => {
  it('answers text/calendar with the appointments from 30 days back, clients named, cancelled ones marked', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(20);
    const slots = (await v2(entity, 'POST', '/calendar-slots/generate', { date })).json.data as Array<{
      id: number;
    }>;
    const booking = (n: number, name: string) =>
      v2(entity, 'POST', '/appointments', {
        client_name: name,
        client_phone: mobile(500 + n),
        slot_id: slots[n]?.id,
      });
    expect((await booking(0, 'Jeanne Durand')).status).toBe(200);
    const cancelled = await booking(1, 'Paul Martin');
    expect(
      (await v2(entity, 'POST', '/appointments/cancel', { cancel_token: cancelled.json.data.cancel_token }))
        .status,
    ).toBe(200);

    const url = await feedOf(entity);
    // No header at all: calendar applications send none.
    const answer = await http.call('GET', pathOf(url));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    // It names clients and their phones: personal data, which no cache may keep.
    expect(answer.headers['cache-control']).toBe('no-store');
    const calendar = parseCalendar(answer.text);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(2);
    const [first, second] = calendar.events;
    expect(first).toMatchObject({
      start: startInstant(date, '08:00:00', ZONE).toISOString(),
      end: startInstant(date, '08:30:00', ZONE).toISOString(),
      status: 'CONFIRMED',
    });
    expect(first?.description).toContain('Jeanne Durand');
    expect(first?.description).toContain('Phone: +33612000500');
    expect(second?.status).toBe('CANCELLED');
    expect(second?.description).toContain('Paul Martin');
    expect(new Set(calendar.events.map((e) => e.uid)).size).toBe(2);
    expect(answer.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(answer.text).toContain('VERSION:2.0');
    expect(answer.text).toContain('PRODID:');
  });

  it('speaks the entity’s language, is named after the business, and keeps the SEQUENCE of the client’s invite', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN, settings: { language: 'fr', name: 'Salon Léa' } });
    const date = futureWorkingDate(22);
    const slots = (await v2(entity, 'POST', '/calendar-slots/generate', { date })).json.data as Array<{
      id: number;
    }>;
    const booked = await v2(entity, 'POST', '/appointments', {
      client_name: 'Jeanne Durand',
      client_phone: mobile(510),
      slot_id: slots[0]?.id,
    });
    expect(booked.status).toBe(200);
    const id = booked.json.data.id as number;
    // Two changes (v1 PUT): a move, then a status; the client's invite would be at SEQUENCE 2.
    const put = (body: unknown) => viaHandler('PUT', `/api/appointment/${id}`, { headers: entity.v1, body });
    expect((await put({ slot_id: slots[2]?.id })).status).toBe(200);
    expect((await put({ status: 'pending' })).status).toBe(200);
    const stored = await new AppointmentRepository(table()).get(entity.entity_account_id, id);
    expect(stored?.ics_sequence).toBe(2);

    const answer = await http.call('GET', pathOf(await feedOf(entity)));
    const calendar = parseCalendar(answer.text);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      sequence: 2,
      summary: 'Jeanne Durand',
      start: startInstant(date, '09:00:00', ZONE).toISOString(),
    });
    expect(calendar.events[0]?.description).toBe(
      'Client : Jeanne Durand\nTéléphone : +33612000510\nStatut : en attente',
    );
    expect(answer.text).toMatch(/^X-WR-CALNAME:Salon Léa\r$/m);
    expect(answer.text.endsWith('END:VCALENDAR\r\n')).toBe(true);

    // Cancelled: marked, in French.
    expect((await put({ status: 'cancelled' })).status).toBe(200);
    const after = parseCalendar((await http.call('GET', pathOf(await feedOf(entity)))).text);
    expect(after.events[0]).toMatchObject({
      sequence: 3,
      status: 'CANCELLED',
      summary: 'Annulé : Jeanne Durand',
    });
  });

  it('leaves out appointments older than 30 days (a clock of its own)', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const date = futureWorkingDate(20);
    const [slot] = (await v2(entity, 'POST', '/calendar-slots/generate', { date })).json.data as Array<{
      id: number;
    }>;
    await v2(entity, 'POST', '/appointments', {
      client_name: 'Ada',
      client_phone: mobile(600),
      slot_id: slot?.id,
    });
    const lookup = mailLookup();
    const appointments = new AppointmentRepository(table());
    const at = (daysAfter: number) =>
      new CalendarFeedService({
        store: new CalendarFeedRepository(table()),
        reads: {
          entity: lookup.entity,
          appointmentsFrom: (id, calendarId, from, limit) =>
            appointments.ofCalendarFrom(id, calendarId, from, limit),
        },
        now: () => new Date(Date.parse(`${date}T12:00:00Z`) + daysAfter * 86_400_000),
      });
    const feed = async (daysAfter: number) => {
      const service = at(daysAfter);
      const body = await service.render(await service.issue(entity.entity_account_id));
      return parseCalendar(body ?? '').events.length;
    };
    expect(await feed(30)).toBe(1);
    expect(await feed(31)).toBe(0);
  });

  it('replaces the address when asked again: the old one, like any unknown one, is 404 at once', async () => {
    const entity = await newEntity();
    const first = await feedOf(entity);
    expect((await http.call('GET', pathOf(first))).status).toBe(200);
    const second = await feedOf(entity);
    expect(second).not.toBe(first);
    expect((await http.call('GET', pathOf(first))).status).toBe(404);
    expect((await http.call('GET', pathOf(second))).status).toBe(200);
    for (const path of [
      `/feeds/${'A'.repeat(43)}.ics`,
      `/feeds/${pathOf(second).slice(7, -4)}`,
      '/feeds/short.ics',
      `/feeds/${'A'.repeat(43)}.ics.ics`,
    ]) {
      const answer = await http.call('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
  });

  it('leaves exactly one live address after concurrent requests', async () => {
    const entity = await newEntity();
    const answers = await Promise.all(Array.from({ length: 8 }, () => v2(entity, 'POST', '/calendar-feed')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const statuses = await Promise.all(
      answers.map(async (a) => (await http.call('GET', pathOf(a.json.data.url))).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(7);
  });

  it('keeps only the hash of a feed token; other entities and publishable keys cannot ask for one', async () => {
    const entity = await newEntity();
    const url = await feedOf(entity);
    const token = pathOf(url).slice('/feeds/'.length, -'.ics'.length);
    // Every item of the table (it also holds the other subjects' items).
    const stored = JSON.stringify(await tableItems());
    expect(stored).not.toContain(token);
    expect(stored).toContain(sha256Hex(token));

    const key = await v2(entity, 'POST', '/keys', {
      name: 'site',
      allowed_origins: ['https://www.example.fr'],
    });
    expect(key.status).toBe(200);
    const refused = await viaHandler('POST', '/api/v2/calendar-feed', {
      headers: { 'Access-Token': key.json.data.key, Origin: 'https://www.example.fr' },
    });
    expect(refused.status).toBe(403);
    expect((await viaHandler('POST', '/api/v2/calendar-feed')).status).toBe(401);
    // The feed still answers: a refused request changed nothing.
    expect((await http.call('GET', pathOf(url))).status).toBe(200);
  });
});
