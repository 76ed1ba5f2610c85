/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { request } from 'node:http';
import { addDays, todayIn } from '../../../../shared/core/dates';
import { hasStarted } from '../../../../shared/features/schedule/domain/slot-times';
import { onSharedEngine, type Started, startServer, stopServer } from '../../../support/processes';

const ACCOUNT = 'safe-open';

/**
 * Issue "safe in the open", through `npm start` as a user runs it: what `available=true` lists, what a
 * closure day closes, who may read the outbox, and where the addresses the API writes come from.
 */
describe('safe in the open, through npm start', () => {
  let server: Started;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${server.url}/api/v2${path}`, {
      method,
      headers: { 'Access-Token': server.v2 },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: answer.status,
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
      json: (await answer.json()) as { success: boolean; message: string; data: any },
    };
  };
  type Slot = { id: number; date: string; start_time: string; status: string; available_slots: number };

  /** Every weekday open all day; the zone whose today is no public holiday (a few are tried). */
  let zone = 'Europe/Paris';
  let today = '';
  beforeAll(async () => {
    server = await startServer({ ...onSharedEngine(), DEMO_ACCOUNT_ID: ACCOUNT });
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) {
      const hours = await call('POST', '/opening-hours/update', {
        day_of_week: day,
        start_time1: '00:00:00',
        end_time1: '23:59:00',
        is_open: 1,
      });
      expect(hours.status).toBe(200);
    }
    for (const candidate of ['Europe/Paris', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect((await call('POST', '/settings', { timezone: candidate })).status).toBe(200);
      const date = todayIn(candidate);
      const tomorrow = addDays(date, 1);
      const open = await Promise.all(
        [date, tomorrow].map(
          async (d) => (await call('GET', `/opening-hours/check-date?date=${d}`)).json.data.is_open,
        ),
      );
      if (open.every(Boolean)) {
        zone = candidate;
        today = date;
        return;
      }
    }
    throw new Error('no candidate zone has today and tomorrow open');
    // Starting the server and its store on a loaded machine takes its time; nothing here is timed.
  }, 300_000);

  const generate = async (date: string) => {
    const made = await call('POST', '/calendar-slots/generate', { date, duration: 60 });
    expect(made.status).toBe(200);
    return made.json.data as Slot[];
  };

  it('available=true lists only the slots whose start is still ahead, for a date and a range', async () => {
    const slotsToday = await generate(today);
    const slotsTomorrow = await generate(addDays(today, 1));
    expect(slotsToday).toHaveLength(23);
    const before = new Date();
    const single = await call('GET', `/calendar-slots?date=${today}&available=true`);
    const range = await call('GET', `/calendar-slots?from=${today}&to=${addDays(today, 1)}&available=true`);
    const after = new Date();
    for (const listed of [
      single.json.data as Slot[],
      (range.json.data as Slot[]).filter((s) => s.date === today),
    ]) {
      // Nothing listed had started when the request was sent; everything starting after the answer is there.
      for (const slot of listed) expect(hasStarted(slot.date, slot.start_time, zone, before)).toBe(false);
      const ahead = slotsToday.filter((s) => !hasStarted(s.date, s.start_time, zone, after)).map((s) => s.id);
      expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining(ahead));
      // The first slot (00:00) has always started.
      expect(listed.map((s) => s.id)).not.toContain(slotsToday[0]?.id);
    }
    expect((range.json.data as Slot[]).filter((s) => s.date > today).map((s) => s.id)).toEqual(
      slotsTomorrow.map((s) => s.id),
    );
    // Without available=true every slot is listed, started or not.
    expect((await call('GET', `/calendar-slots?date=${today}`)).json.data).toHaveLength(23);
    const started = await call('POST', '/appointments', {
      client_name: 'Ines Martin',
      client_phone: '0611223344',
      slot_id: slotsToday[0]?.id,
    });
    expect(started.status).toBe(409);
  });

  it('a closure day closes the open slots of its date, and its removal reopens only those (API; the CLI in test/features/access/handlers/rotation-and-closures.ts)', async () => {
    const date = addDays(today, 1);
    const slots = (await call('GET', `/calendar-slots?date=${date}`)).json.data as Slot[];
    expect(slots).toHaveLength(23);
    const at = (i: number): Slot => {
      const slot = slots[i];
      if (!slot) throw new Error(`no slot ${i}`);
      return slot;
    };
    const [booked, byHand, other, last] = [at(9), at(10), at(11), at(22)];
    const booking = await call('POST', '/appointments', {
      client_name: 'Ines Martin',
      client_phone: '0611223344',
      slot_id: booked.id,
    });
    expect(booking.status).toBe(200);
    expect(
      (await call('POST', '/calendar-slots/update', { slot_id: byHand.id, status: 'closed' })).status,
    ).toBe(200);

    const added = await call('POST', '/closures', { date, name: 'Inventory' });
    expect(added.status).toBe(200);
    // Every open slot is closed (the booked one too); the booked appointment stays and is counted.
    expect(added.json.data).toEqual({ date, name: 'Inventory', closed_slots: 22, booked_appointments: 1 });
    expect((await call('GET', `/calendar-slots?date=${date}&available=true`)).json.data).toEqual([]);
    const range = await call('GET', `/calendar-slots?from=${today}&to=${date}&available=true`);
    expect((range.json.data as Slot[]).filter((s) => s.date === date)).toEqual([]);
    const refused = await call('POST', '/appointments', {
      client_name: 'Marc Petit',
      client_phone: '0611223355',
      slot_id: other.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('slot not available: closed');
    // A slot opened by hand during the closure is the hand's, and one closed by hand then stays closed.
    expect((await call('POST', '/calendar-slots/update', { slot_id: last.id, status: 'open' })).status).toBe(
      200,
    );
    expect(
      (await call('POST', '/calendar-slots/update', { slot_id: last.id, status: 'closed' })).status,
    ).toBe(200);

    expect((await call('POST', '/closures/delete', { date })).status).toBe(200);
    const after = (await call('GET', `/calendar-slots?date=${date}`)).json.data as Slot[];
    const closed = after.filter((s) => s.status === 'closed').map((s) => s.id);
    expect(closed.sort()).toEqual([byHand.id, last.id].sort());
    const available = (await call('GET', `/calendar-slots?date=${date}&available=true`)).json.data as Slot[];
    expect(available.map((s) => s.id)).toEqual(
      after.filter((s) => s.status === 'open' && s.id !== booked.id).map((s) => s.id),
    );
  });

  /** A GET sent with the given Host header (fetch would send the URL's). */
  const getWithHost = (path: string, host: string) =>
    new Promise<number>((done, fail) => {
      const url = new URL(path, server.url);
      request(url, { headers: { host } }, (answer) => {
        answer.resume();
        done(answer.statusCode ?? 0);
      })
        .on('error', fail)
        .end();
    });

  it('serves /_outbox only to a Host naming its own loopback address and port', async () => {
    const port = new URL(server.url).port;
    expect(await getWithHost('/_outbox', `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost('/_outbox', `localhost:${port}`)).toBe(200);
    // DNS rebinding: the page's own name reaches 127.0.0.1, and is refused.
    expect(await getWithHost('/_outbox', `evil.example:${port}`)).toBe(403);
    expect(await getWithHost('/_outbox/x.eml', `evil.example:${port}`)).toBe(403);
    expect(await getWithHost('/_outbox', 'evil.example')).toBe(403);
    expect(await getWithHost('/_outbox', `127.0.0.1:${Number(port) + 1}`)).toBe(403);
    // The API itself answers any Host, as API Gateway does.
    expect(await getWithHost('/api/health', `evil.example:${port}`)).toBe(200);
  });

  it('writes the feed address from its own address, never from Host or X-Forwarded-*', async () => {
    const url = new URL('/api/v2/calendar-feed', server.url);
    const answer = await new Promise<string>((done, fail) => {
      request(
        url,
        {
          method: 'POST',
          headers: {
            host: 'evil.example',
            'x-forwarded-proto': 'javascript',
            'x-forwarded-host': 'evil.example',
            'access-token': server.v2,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => done(text));
        },
      )
        .on('error', fail)
        .end('{}');
    });
    const feed = (JSON.parse(answer) as { data: { url: string } }).data.url;
    expect(feed.startsWith(`${server.url}/feeds/`)).toBe(true);
    expect(feed).not.toContain('evil');
    expect((await fetch(feed)).status).toBe(200);
  });

  it('refuses settings or hours whose open days would pass 50,000 future slots, naming the limit', async () => {
    // Hours are 00:00-23:59 every day here: 5-minute slots for a year are about 105,000.
    const refused = await call('POST', '/settings', { slot_duration: 5, open_days_ahead: 365 });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^open_days_ahead: .*at most 50000/);
    expect((await call('GET', '/settings')).json.data.open_days_ahead).toBe(0);
    expect((await call('POST', '/settings', { slot_duration: 60, open_days_ahead: 30 })).status).toBe(200);
    const hours = await call('POST', '/opening-hours/update', {
      day_of_week: 'mon',
      start_time1: '00:00:00',
      end_time1: '23:59:00',
      is_open: 1,
    });
    expect(hours.status).toBe(200);
    const tooMany = await call('POST', '/settings', { slot_duration: 5, open_days_ahead: 365 });
    expect(tooMany.status).toBe(400);
    expect((await call('POST', '/settings', { open_days_ahead: 0 })).status).toBe(200);
  });

  it('says whether a feed address exists, and ends it', async () => {
    const feed = (await call('POST', '/calendar-feed', {})).json.data.url as string;
    const status = (await call('GET', '/calendar-feed')).json.data as { exists: boolean; created_at: string };
    expect(status.exists).toBe(true);
    expect(Number.isNaN(Date.parse(status.created_at))).toBe(false);
    expect(JSON.stringify(status)).not.toContain(new URL(feed).pathname.slice('/feeds/'.length, -4));
    expect((await fetch(feed)).status).toBe(200);
    expect((await call('POST', '/calendar-feed/delete', {})).status).toBe(200);
    expect((await fetch(feed)).status).toBe(404);
    expect((await call('GET', '/calendar-feed')).json.data).toEqual({ exists: false, created_at: null });
    const again = await call('POST', '/calendar-feed/delete', {});
    expect([again.status, again.json.message]).toEqual([200, 'no calendar feed address to end']);
  });
});
