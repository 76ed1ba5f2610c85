import { type Answer, type Caller, startHttp, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift } from '../../../support/invariants';

/**
 * Issue 60, point 4: the v2 API lists and changes appointments. GET /api/v2/appointments (by start,
 * cursor-paged, by calendar and status) and POST /api/v2/appointments/update (a move and/or a status, no_show
 * among them) under a booking's rules, through the handlers and the same cases over HTTP against the local
 * server; no_show is a status of its own in v1 too (records, filters, statistics).
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;
const expectError = (answer: Answer, status: number, message: string | RegExp, code: string) => {
  expect({ status: answer.status, json: answer.json }).toEqual({
    status,
    json: { success: false, data: [], message: expect.stringMatching(message), code },
  });
};
const ok = (answer: Answer): Json => {
  if (answer.status !== 200) throw new Error(`${answer.status}: ${answer.text}`);
  return answer.json.data;
};

/** The cases, run once through the handlers and once through the local HTTP server. */
function businessAppointments(how: string, caller: () => Caller) {
  describe(how, () => {
    let entity: Entity;
    let first: number;
    let second: number;
    let day1: string;
    let day2: string;
    /** Slots by calendar and date, as generated (30 minutes, 2 places, 08:00-12:00 and 13:00-15:00). */
    const slots: Record<string, Json[]> = {};
    let n = 0;
    const v2 = (method: string, path: string, body?: unknown, headers = entity.v2) =>
      caller()(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
    const update = (body: object) => v2('POST', '/appointments/update', body);
    const list = (query: string) => v2('GET', `/appointments?${query}`);
    const book = async (slotId: number) =>
      ok(
        await v2('POST', '/appointments', {
          client_name: `Client ${how} ${++n}`,
          client_phone: mobile(600 + n + (how === 'http' ? 100 : 0)),
          slot_id: slotId,
        }),
      ) as { id: number; cancel_token: string };
    const at = (calendar: number, date: string, time: string): Json =>
      slots[`${calendar}|${date}`]?.find((s) => s.start_time === time);
    /** The places left in a slot, as its calendar's list shows them now. */
    const free = async (calendar: number, date: string, time: string): Promise<number> => {
      const day = ok(await v2('GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`)) as Json[];
      return day.find((s) => s.start_time === time).available_slots;
    };

    beforeAll(async () => {
      entity = await newEntity({ hours: ALWAYS_OPEN });
      first = (ok(await v2('GET', '/calendars')) as Json[])[0].id;
      second = ok(await v2('POST', '/calendars', { name: 'Bruno' })).id;
      day1 = futureWorkingDate(how === 'http' ? 51 : 50);
      day2 = futureWorkingDate(how === 'http' ? 53 : 52);
      for (const calendar of [first, second])
        for (const date of [day1, day2])
          slots[`${calendar}|${date}`] = ok(
            await v2('POST', '/calendar-slots/generate', {
              date,
              calendar_id: calendar,
              max_appointments: 2,
            }),
          );
    });

    it('lists by start, filters by calendar and status, and pages with a cursor', async () => {
      const made = [
        await book(at(first, day2, '09:00:00').id),
        await book(at(second, day1, '10:00:00').id),
        await book(at(first, day1, '10:00:00').id),
        await book(at(first, day1, '08:00:00').id),
        await book(at(second, day2, '08:30:00').id),
      ];
      const all = ok(await list(`from=${day1}&to=${day2}`));
      const items: Json[] = all.appointments;
      // By date, start time, then id: the two at 10:00 on day 1 in the order they were booked.
      expect(items.map((a) => a.id)).toEqual([made[3], made[1], made[2], made[4], made[0]].map((a) => a?.id));
      expect(all.next_cursor).toBeNull();
      expect(items[0]).toEqual({
        id: made[3]?.id,
        status: 'confirmed',
        date: day1,
        start_time: '08:00:00',
        end_time: '08:30:00',
        calendar_id: first,
        calendar_name: expect.any(String),
        slot_id: at(first, day1, '08:00:00').id,
        slot_ids: [at(first, day1, '08:00:00').id],
        client_id: expect.any(Number),
        client_name: expect.stringMatching(/^Client /),
        client_phone: expect.stringMatching(/^\+336/),
        client_email: null,
        contract_number: null,
        service_id: null,
        service_name: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/),
        updated_at: expect.stringMatching(/T/),
        // Who changed it last (issue 60, point 3): booked with the secret token.
        changed_by: 'token',
      });
      expect(items[1].calendar_name).toBe('Bruno');
      // One calendar; one day; one status.
      const ofSecond = ok(await list(`from=${day1}&to=${day2}&calendar_id=${second}`)).appointments;
      expect(ofSecond.map((a: Json) => a.id)).toEqual([made[1]?.id, made[4]?.id]);
      expect(ok(await list(`from=${day1}&to=${day1}`)).appointments).toHaveLength(3);
      ok(await update({ appointment_id: made[2]?.id, status: 'no_show' }));
      const noShows = ok(await list(`from=${day1}&to=${day2}&status=no_show`)).appointments;
      expect(noShows.map((a: Json) => [a.id, a.status])).toEqual([[made[2]?.id, 'no_show']]);
      // Two a page: three pages, the same appointments in the same order, then no cursor.
      const paged: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = ok(
          await list(
            `from=${day1}&to=${day2}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          ),
        );
        paged.push(...page.appointments.map((a: Json) => a.id));
        cursor = page.next_cursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(paged).toEqual(items.map((a) => a.id));
      // A cursor belongs to its query: with another filter or limit it is refused.
      const firstPage = ok(await list(`from=${day1}&to=${day2}&limit=2`));
      expectError(
        await list(`from=${day1}&to=${day2}&limit=3&cursor=${firstPage.next_cursor}`),
        400,
        /^cursor: not a cursor of this list/,
        'INVALID_PARAMETER',
      );
      expectError(
        await list(`from=${day1}&to=${day1}&limit=2&cursor=${firstPage.next_cursor}`),
        400,
        /^cursor: /,
        'INVALID_PARAMETER',
      );
    });

    it('refuses a bad query with a clear 400, an unknown calendar with 404, a key with 403', async () => {
      expectError(await list(`to=${day1}`), 400, /^from: /, 'INVALID_PARAMETER');
      expectError(
        await list(`from=${day1}&to=2030-02-30`),
        400,
        /^invalid date, expected YYYY-MM-DD$/,
        'INVALID_DATE_FORMAT',
      );
      expectError(
        await list(`from=${day2}&to=${day1}`),
        400,
        /^to: must not be before from$/,
        'INVALID_PARAMETER',
      );
      expectError(
        await list('from=2030-01-01&to=2030-03-05'),
        400,
        /^date range is over 62 days$/,
        'DATE_RANGE_TOO_LARGE',
      );
      expectError(await list(`from=${day1}&to=${day1}&status=gone`), 400, /^status: /, 'INVALID_PARAMETER');
      expectError(await list(`from=${day1}&to=${day1}&limit=0`), 400, /^limit: /, 'INVALID_PARAMETER');
      expectError(
        await list(`from=${day1}&to=${day1}&cursor=bm90LWEtY3Vyc29y`),
        400,
        /^cursor: /,
        'INVALID_PARAMETER',
      );
      expectError(
        await list(`from=${day1}&to=${day1}&calendar_id=999999`),
        404,
        /^calendar not found$/,
        'CALENDAR_NOT_FOUND',
      );
      // Another entity sees none of these appointments, and cannot change them.
      const other = await newEntity({ hours: ALWAYS_OPEN });
      const theirs = ok(await v2('GET', `/appointments?from=${day1}&to=${day2}`, undefined, other.v2));
      expect(theirs.appointments).toEqual([]);
      const mine = ok(await list(`from=${day1}&to=${day2}`)).appointments[0];
      expectError(
        await v2('POST', '/appointments/update', { appointment_id: mine.id, status: 'cancelled' }, other.v2),
        404,
        /^appointment not found$/,
        'RESOURCE_NOT_FOUND',
      );
      // The routes are the business's: a publishable key may call neither.
      const key = ok(
        await v2('POST', '/keys', { name: `site ${how}`, allowed_origins: ['https://a.example'] }),
      );
      const asKey = { 'Access-Token': key.key, Origin: 'https://a.example' };
      expect((await v2('GET', `/appointments?from=${day1}&to=${day1}`, undefined, asKey)).status).toBe(403);
      expect(
        (await v2('POST', '/appointments/update', { appointment_id: mine.id, status: 'cancelled' }, asKey))
          .status,
      ).toBe(403);
    });

    it('moves by slot or by start, one place taken and one freed, under a booking’s rules', async () => {
      const mine = await book(at(first, day2, '13:00:00').id);
      expect(await free(first, day2, '13:00:00')).toBe(1);
      // By slot: the old place is freed, the new one taken.
      const moved = ok(await update({ appointment_id: mine.id, slot_id: at(first, day2, '13:30:00').id }));
      expect(moved).toMatchObject({ id: mine.id, start_time: '13:30:00', status: 'confirmed' });
      expect([await free(first, day2, '13:00:00'), await free(first, day2, '13:30:00')]).toEqual([2, 1]);
      // By start, to another calendar (HH:MM or HH:MM:SS).
      const there = ok(
        await update({ appointment_id: mine.id, date: day2, start_time: '14:00', calendar_id: second }),
      );
      expect(there).toMatchObject({
        calendar_id: second,
        calendar_name: 'Bruno',
        date: day2,
        start_time: '14:00:00',
      });
      expect([await free(first, day2, '13:30:00'), await free(second, day2, '14:00:00')]).toEqual([2, 1]);
      // The same time again: 409, nothing changes.
      expectError(
        await update({ appointment_id: mine.id, date: day2, start_time: '14:00:00', calendar_id: second }),
        409,
        /^the appointment is already at this time$/,
        'ALREADY_AT_THIS_TIME',
      );
      // A full slot: 409 SLOT_FULL, and the appointment stays where it was.
      const full = at(second, day2, '14:30:00');
      await book(full.id);
      await book(full.id);
      expectError(
        await update({ appointment_id: mine.id, slot_id: full.id }),
        409,
        /^slot not available: full$/,
        'SLOT_FULL',
      );
      const closed = at(second, day2, '13:00:00');
      ok(await v2('POST', '/calendar-slots/update', { slot_id: closed.id, status: 'closed' }));
      expectError(
        await update({ appointment_id: mine.id, slot_id: closed.id }),
        409,
        /^slot not available: closed$/,
        'SLOT_CLOSED',
      );
      // A slot of another calendar than the one named, or no slot at that start: 404.
      expectError(
        await update({
          appointment_id: mine.id,
          slot_id: at(first, day2, '08:00:00').id,
          calendar_id: second,
        }),
        404,
        /^slot not found$/,
        'SLOT_NOT_FOUND',
      );
      expectError(
        await update({ appointment_id: mine.id, date: day2, start_time: '12:15' }),
        404,
        /^slot not found$/,
        'SLOT_NOT_FOUND',
      );
      const now = ok(await list(`from=${day2}&to=${day2}&calendar_id=${second}`)).appointments;
      expect(now.find((a: Json) => a.id === mine.id)).toMatchObject({ start_time: '14:00:00' });
    });

    it('sets every status: cancelled frees the place, leaving it takes one, completed and no_show keep it', async () => {
      const time = '11:00:00';
      const mine = await book(at(first, day1, time).id);
      const status = (s: string) => update({ appointment_id: mine.id, status: s });
      expect(ok(await status('no_show'))).toMatchObject({ id: mine.id, status: 'no_show' });
      expect(await free(first, day1, time)).toBe(1);
      // The same status again answers it as it is.
      expect(ok(await status('no_show')).status).toBe('no_show');
      expect(ok(await status('completed')).status).toBe('completed');
      expect(await free(first, day1, time)).toBe(1);
      expect(ok(await status('cancelled')).status).toBe('cancelled');
      expect(await free(first, day1, time)).toBe(2);
      expectError(await status('cancelled'), 409, /^appointment already cancelled$/, 'APPOINTMENT_CANCELLED');
      expectError(
        await update({ appointment_id: mine.id, slot_id: at(first, day1, '11:30:00').id }),
        409,
        /^a cancelled appointment cannot be moved: book again$/,
        'APPOINTMENT_CANCELLED',
      );
      // Back to confirmed at another time, in one change: the new place is taken, the old one stays free.
      const back = ok(
        await update({
          appointment_id: mine.id,
          slot_id: at(first, day1, '11:30:00').id,
          status: 'confirmed',
        }),
      );
      expect(back).toMatchObject({ status: 'confirmed', start_time: '11:30:00' });
      expect([await free(first, day1, time), await free(first, day1, '11:30:00')]).toEqual([2, 1]);
      expect(ok(await status('pending')).status).toBe('pending');
      // v1 shows the no-show under its own name: the record, the status filter, the statistics.
      ok(await status('no_show'));
      const v1 = await caller()('GET', `/api/appointments/${mine.id}`, { headers: entity.v1 });
      expect(v1.json.data.status).toBe('no_show');
      const filtered = await caller()(
        'GET',
        `/api/appointments?status=no_show&date_from=${day1}&date_to=${day1}`,
        {
          headers: entity.v1,
        },
      );
      expect(filtered.json.data.map((a: Json) => a.appointment_id)).toContain(mine.id);
      expect(filtered.json.data.every((a: Json) => a.status === 'no_show')).toBe(true);
      const stats = await caller()('GET', `/api/statistics/appointments?period=specific_day&date=${day1}`, {
        headers: entity.v1,
      });
      expect(stats.status).toBe(200);
      const noShowsOfDay = filtered.json.data.length;
      expect(stats.json.data.summary.no_show_appointments).toBe(noShowsOfDay);
      expect(stats.json.data.daily_breakdown[0]).toMatchObject({ date: day1, no_show_count: noShowsOfDay });
      // The client's link no longer changes a no-show.
      expectError(
        await v2('POST', '/appointments/cancel', { cancel_token: mine.cancel_token }),
        409,
        /^the appointment is marked no-show: its link can no longer change it$/,
        'APPOINTMENT_NOT_MANAGEABLE',
      );
    });

    it('refuses a bad change with a clear 400 and an unknown appointment with 404', async () => {
      const mine = await book(at(second, day1, '11:00:00').id);
      expectError(
        await update({ status: 'no_show' }),
        400,
        /^appointment_id: is required$/,
        'MISSING_REQUIRED_FIELD',
      );
      expectError(
        await update({ appointment_id: mine.id }),
        400,
        /^slot_id or status: is required$/,
        'MISSING_REQUIRED_FIELD',
      );
      expectError(
        await update({ appointment_id: mine.id, date: day1 }),
        400,
        /^start_time: is required$/,
        'MISSING_REQUIRED_FIELD',
      );
      expectError(
        await update({ appointment_id: mine.id, status: 'missed' }),
        400,
        /^status: must be one of/,
        'INVALID_PARAMETER',
      );
      expectError(
        await update({ appointment_id: mine.id, date: day1, start_time: '25:00' }),
        400,
        /^start_time: /,
        'INVALID_PARAMETER',
      );
      expectError(
        await update({ appointment_id: 'x', status: 'confirmed' }),
        400,
        /^appointment_id: /,
        'INVALID_PARAMETER',
      );
      expectError(
        await v2('POST', '/appointments/update', '{"appointment_id":'),
        400,
        /JSON/,
        'INVALID_JSON',
      );
      expectError(
        await update({ appointment_id: 999_999_999, status: 'confirmed' }),
        404,
        /^appointment not found$/,
        'RESOURCE_NOT_FOUND',
      );
    });

    it('keeps a service appointment’s length, and moves it only to a calendar that performs the service', async () => {
      const service = ok(
        await v2('POST', '/services', { name: `Cut ${how}`, duration: 60, calendar_ids: [first] }),
      ).id;
      const mine = ok(
        await v2('POST', '/appointments', {
          client_name: 'Service Client',
          client_phone: mobile(790 + (how === 'http' ? 1 : 0)),
          service_id: service,
          date: day2,
          start_time: '10:00',
          calendar_id: first,
        }),
      );
      expectError(
        await update({ appointment_id: mine.id, date: day2, start_time: '10:00', calendar_id: second }),
        400,
        /^calendar_id: this calendar does not perform the service$/,
        'INVALID_PARAMETER',
      );
      const moved = ok(await update({ appointment_id: mine.id, date: day2, start_time: '10:30' }));
      expect(moved).toMatchObject({ start_time: '10:30:00', end_time: '11:30:00', service_id: service });
      expect(moved.slot_ids).toHaveLength(2);
      // The run must fit: from 11:30 it would cross the break.
      expectError(
        await update({ appointment_id: mine.id, date: day2, start_time: '11:30' }),
        409,
        /^slot not available: full$/,
        'SLOT_FULL',
      );
    });

    it('keeps every counter equal to a recount', async () => {
      expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    });
  });
}

let http: Awaited<ReturnType<typeof startHttp>> | undefined;
beforeAll(async () => {
  http = await startHttp();
});
afterAll(async () => {
  await http?.close();
});

businessAppointments('handlers', () => viaHandler);
businessAppointments('http', () => {
  if (!http) throw new Error('the local server has not started');
  return http.call;
});
