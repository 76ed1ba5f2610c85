/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { weekdayOf } from '../../../../shared/features/schedule/domain/opening-hours';
import { assertContract } from '../../../support/contract';
import {
  eventually,
  onSharedEngine,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * Issue 29 ("services and staff") as a salon does it, through `npm start` alone: two stylists on different
 * hours, a 30-minute cut by both and a 90-minute colour by one; availability respects hours, services and
 * bookings; a visitor books "anyone" and gets a free stylist; a cancel frees every slot it held; a slot
 * booking without calendar_id or service_id answers as it always did.
 */
/** The run's shared engine and a table of this file's server: no JVM of its own (engines: runtime.test.ts). */
const store = onSharedEngine('salon');
const outbox = mkdtempSync(join(tmpdir(), 'booking-salon-outbox-'));
type Json = Record<string, unknown>;

describe('a salon through npm start', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({
      ...store,
      DEMO_ACCOUNT_ID: 'demo-salon',
      SMTP_URL: '',
      OUTBOX_DIR: outbox,
    });
  }, 300_000);
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: { 'Access-Token': server.v2 },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const answer = { status: response.status, headers: Object.fromEntries(response.headers), text };
    assertContract(method, `/api/v2${path}`, answer);
    return {
      status: response.status,
      json: JSON.parse(text) as { success: boolean; data: unknown; message: string },
    };
  };
  const data = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json.data as never;
  };

  it('books services with and without a stylist, and gives every place back', async () => {
    // A day the demo hours open (Mon-Fri 09:00-12:00, 14:00-18:00), a week or more ahead.
    let date = addDays(todayIn('Europe/Paris'), 7);
    for (let i = 0; i < 14; i++, date = addDays(date, 1)) {
      if ((await call('POST', '/calendar-slots/generate', { date, max_appointments: 1 })).status === 200)
        break;
    }
    const calendars: Json[] = await data('GET', '/calendars');
    const alice = calendars[0]?.id as number;
    await data('POST', '/calendars/update', { id: alice, name: 'Alice' });
    const bruno = ((await data('POST', '/calendars', { name: 'Bruno' })) as Json).id as number;
    // Bruno works afternoons only on that day, 14:00-18:00; Alice keeps the salon's hours.
    await data('POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: weekdayOf(date),
      start_time1: '14:00',
      end_time1: '18:00',
    });
    await data('POST', '/calendar-slots/generate', { date, calendar_id: bruno, max_appointments: 1 });
    const cut = ((await data('POST', '/services', { name: 'Cut', duration: 30 })) as Json).id as number;
    const colour = (
      (await data('POST', '/services', { name: 'Colour', duration: 90, calendar_ids: [bruno] })) as Json
    ).id as number;

    const available = async (service: number) =>
      ((await data('GET', `/availability?service_id=${service}&from=${date}&to=${date}`)) as Json[]).map(
        (s) => `${String(s.start_time).slice(0, 5)} ${s.calendar_name}`,
      );
    expect(await available(colour)).toEqual(
      ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30'].map((t) => `${t} Bruno`),
    );
    const cuts = await available(cut);
    expect(cuts.filter((s) => s.startsWith('09:00'))).toEqual(['09:00 Alice']);
    expect(cuts.filter((s) => s.startsWith('14:00'))).toEqual(['14:00 Alice', '14:00 Bruno']);

    const visitor = (i: number, extra: Json) => ({
      client_name: `Visitor ${i}`,
      client_phone: `06${String(33_000_000 + i).padStart(8, '0')}`,
      ...extra,
    });
    // The colour with Bruno at 14:00 holds 14:00, 14:30 and 15:00.
    const held: Json = await data(
      'POST',
      '/appointments',
      visitor(1, { service_id: colour, date, start_time: '14:00', client_email: 'colour@example.com' }),
    );
    expect(held).toMatchObject({ calendar_id: bruno, service_id: colour, end_time: '15:30:00' });
    expect(held.slot_ids).toHaveLength(3);
    expect(await available(colour)).toEqual(['15:30 Bruno', '16:00 Bruno', '16:30 Bruno']);
    // "Anyone" for a cut at 14:30: Bruno is busy, so Alice.
    const anyone: Json = await data(
      'POST',
      '/appointments',
      visitor(2, { service_id: cut, date, start_time: '14:30' }),
    );
    expect(anyone.calendar_id).toBe(alice);
    // "Anyone" at 16:00: both free, Alice has one, Bruno one: the lower id, Alice; then Bruno at the same time.
    const third: Json = await data(
      'POST',
      '/appointments',
      visitor(3, { service_id: cut, date, start_time: '16:00' }),
    );
    expect(third.calendar_id).toBe(alice);
    const fourth: Json = await data(
      'POST',
      '/appointments',
      visitor(4, { service_id: cut, date, start_time: '16:00' }),
    );
    expect(fourth.calendar_id).toBe(bruno);
    expect(
      (await call('POST', '/appointments', visitor(5, { service_id: cut, date, start_time: '16:00' })))
        .status,
    ).toBe(409);

    // 20 overlapping colours at once on Bruno's afternoon: only 16:30-18:00 is still whole, and one wins it.
    const starts = ['15:30', '16:00', '16:30'];
    const rush = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          'POST',
          '/appointments',
          visitor(10 + i, { service_id: colour, date, start_time: starts[i % 3] }),
        ),
      ),
    );
    const unexpected = rush.filter((a) => a.status !== 200 && a.status !== 409);
    expect(unexpected.map((a) => `${a.status} ${a.json.message}`)).toEqual([]);
    const won = rush.filter((a) => a.status === 200).map((a) => a.json.data as Json);
    expect(won.map((a) => a.start_time)).toEqual(['16:30:00']);
    // Every place of Bruno's slots is held by exactly the appointments that say they hold it.
    const brunoSlots: Json[] = await data('GET', `/calendar-slots?date=${date}&calendar_id=${bruno}`);
    const holders = new Map<number, number>();
    for (const a of [held, fourth, ...won])
      for (const id of (a.slot_ids as number[] | undefined) ?? [a.slot_id as number])
        holders.set(id, (holders.get(id) ?? 0) + 1);
    for (const slot of brunoSlots) {
      const n = holders.get(slot.id as number) ?? 0;
      expect({ slot: slot.start_time, n, available: slot.available_slots }).toEqual({
        slot: slot.start_time,
        n: Math.min(n, 1),
        available: 1 - n,
      });
    }

    // The event, the client's e-mail and the staff feed name the service and the stylist, with the true end.
    const named = await eventually(async () => {
      const events = (await data('GET', '/events')) as Array<{ type: string; data: { appointment: Json } }>;
      return events.some(
        (e) =>
          e.type === 'appointment.created' &&
          e.data.appointment.service_name === 'Colour' &&
          e.data.appointment.calendar_name === 'Bruno' &&
          e.data.appointment.end_time === '15:30:00',
      );
    });
    expect(named).toBe(true);
    let mail = '';
    expect(
      await eventually(async () => {
        const listed = (await (await fetch(`${server.url}/_outbox`)).json()) as {
          messages: Array<{ file: string }>;
        };
        const file = listed.messages[0]?.file;
        if (!file) return false;
        const eml = await fetch(`${server.url}/_outbox/${file}`);
        mail = (await simpleParser(Buffer.from(await eml.arrayBuffer()))).text ?? '';
        return true;
      }),
    ).toBe(true);
    expect(mail).toContain('What: Colour, with Bruno');
    const feedUrl = ((await data('POST', '/calendar-feed')) as Json).url as string;
    const feed = (await (await fetch(`${server.url}${new URL(feedUrl).pathname}`)).text()).replace(
      /\r?\n /g,
      '',
    );
    expect(feed).toContain('Visitor 1: Colour');
    expect(feed).toContain('With: Bruno');

    // Cancelling the first colour gives back its three slots.
    await data('POST', '/appointments/cancel', { cancel_token: held.cancel_token });
    const after: Json[] = await data('GET', `/calendar-slots?date=${date}&calendar_id=${bruno}`);
    for (const id of held.slot_ids as number[])
      expect(after.find((s) => s.id === id)?.available_slots).toBe(1);

    // A slot booking without calendar_id or service_id answers as always.
    const free = ((await data('GET', `/calendar-slots?date=${date}&available=true`)) as Json[])[0] as Json;
    const plain = await call('POST', '/appointments', visitor(40, { slot_id: free.id }));
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.json.data as Json).sort()).toEqual(
      [
        'available_slots',
        'cancel_token',
        'client_id',
        'client_name',
        'client_phone',
        'date',
        'end_time',
        'id',
        'max_appointments',
        'slot_id',
        'start_time',
        'status',
      ].sort(),
    );
  }, 600_000);
});
