import { weekdayOf } from '../../../../shared/features/schedule/domain/opening-hours';
import { type Answer, viaHandler as call } from '../../../support/api';
import { futureWorkingDate, LONG_DAYS, mobile, newEntity } from '../../../support/fixtures';

/**
 * Time off per staff member (issue 59 point 4, docs/CONTRACT.md#time-off), through the handlers and
 * DynamoDB Local: a calendar's slots in the range close (409 `slot not available: time off`), other calendars
 * stay open, generation after it creates them closed, and removing it reopens what it closed only.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
type Json = Record<string, unknown>;

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  call(method, `/api/v2${path}`, { headers: entity.v2, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer) => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json.data;
};
const refused = (answer: Answer) => ({
  status: answer.status,
  message: answer.json.message,
  code: answer.json.code,
});
const TIME_OFF = { status: 409, message: 'slot not available: time off', code: 'SLOT_CLOSED' };

/** Alice (the default calendar, 08-12 and 13-20) and Bruno (13:00-18:00 on `date`), each with slots of `date`. */
async function salon(date: string, generate = true) {
  const entity = await newEntity({ hours: LONG_DAYS, settings: { max_appointments: 1 } });
  const alice = ((ok(await v2(entity, 'GET', '/calendars')) as Json[])[0] as Json).id as number;
  const bruno = ok(await v2(entity, 'POST', '/calendars', { name: 'Bruno' })).id as number;
  ok(
    await v2(entity, 'POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: weekdayOf(date),
      start_time1: '13:00:00',
      end_time1: '18:00:00',
    }),
  );
  if (generate) {
    ok(await v2(entity, 'POST', '/calendar-slots/generate', { date }));
    ok(await v2(entity, 'POST', '/calendar-slots/generate', { date, calendar_id: bruno }));
  }
  const cut = ok(await v2(entity, 'POST', '/services', { name: 'Cut', duration: 30 })).id as number;
  return { entity, alice, bruno, cut };
}

const slotsOf = async (entity: Entity, date: string, calendar: number) =>
  ok(await v2(entity, 'GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`)) as Json[];
const slotAt = async (entity: Entity, date: string, calendar: number, start: string) =>
  (await slotsOf(entity, date, calendar)).find((s) => s.start_time === start) as Json;
const client = (i: number) => ({ client_name: `Client ${i}`, client_phone: mobile(700 + i) });

describe('time off per staff member', () => {
  const date = futureWorkingDate(43);
  let s: Awaited<ReturnType<typeof salon>>;
  beforeAll(async () => {
    s = await salon(date);
  });

  it("closes that calendar's slots in the range only: 409 time off, by slot and by service; other calendars book", async () => {
    const added = ok(
      await v2(s.entity, 'POST', '/time-off', {
        calendar_id: s.bruno,
        date,
        start_time: '14:00',
        end_time: '15:00:00',
        name: 'Dentist',
      }),
    );
    expect(added).toEqual({
      id: expect.any(Number),
      calendar_id: s.bruno,
      date,
      start_time: '14:00:00',
      end_time: '15:00:00',
      name: 'Dentist',
      closed_slots: 2,
      booked_appointments: 0,
    });
    const { closed_slots: _c, booked_appointments: _b, ...item } = added;
    expect(ok(await v2(s.entity, 'GET', `/time-off?calendar_id=${s.bruno}`))).toEqual([item]);
    expect(ok(await v2(s.entity, 'GET', `/time-off?calendar_id=${s.alice}`))).toEqual([]);

    const bruno = await slotsOf(s.entity, date, s.bruno);
    expect(bruno.filter((x) => x.status === 'closed').map((x) => x.start_time)).toEqual([
      '14:00:00',
      '14:30:00',
    ]);
    expect((await slotsOf(s.entity, date, s.alice)).every((x) => x.status === 'open')).toBe(true);

    const at14 = bruno.find((x) => x.start_time === '14:00:00') as Json;
    expect(refused(await v2(s.entity, 'POST', '/appointments', { ...client(1), slot_id: at14.id }))).toEqual(
      TIME_OFF,
    );
    const byService = { ...client(2), service_id: s.cut, date, start_time: '14:30:00' };
    expect(
      refused(await v2(s.entity, 'POST', '/appointments', { ...byService, calendar_id: s.bruno })),
    ).toEqual(TIME_OFF);
    // "Anyone" finds Alice, who works; availability leaves Bruno's hour out.
    expect(ok(await v2(s.entity, 'POST', '/appointments', byService)).calendar_id).toBe(s.alice);
    const starts = ok(
      await v2(
        s.entity,
        'GET',
        `/availability?service_id=${s.cut}&from=${date}&to=${date}&calendar_id=${s.bruno}`,
      ),
    ) as Json[];
    expect(starts.map((x) => x.start_time)).not.toContain('14:00:00');
    expect(starts.map((x) => x.start_time)).toContain('15:00:00');
    // The slot around it still books.
    const at15 = bruno.find((x) => x.start_time === '15:00:00') as Json;
    expect(ok(await v2(s.entity, 'POST', '/appointments', { ...client(3), slot_id: at15.id })).slot_id).toBe(
      at15.id,
    );

    // Removing it reopens what it closed: the slot books again.
    expect((await v2(s.entity, 'POST', '/time-off/delete', { id: added.id })).status).toBe(200);
    expect(ok(await v2(s.entity, 'GET', `/time-off?calendar_id=${s.bruno}`))).toEqual([]);
    expect((await slotAt(s.entity, date, s.bruno, '14:00:00')).status).toBe('open');
    expect(ok(await v2(s.entity, 'POST', '/appointments', { ...client(4), slot_id: at14.id })).slot_id).toBe(
      at14.id,
    );
    expect(refused(await v2(s.entity, 'POST', '/time-off/delete', { id: added.id }))).toMatchObject({
      status: 404,
      message: 'time off not found',
    });
  });

  it('counts the appointments it keeps; reopens neither what another time off covers nor what was closed by hand', async () => {
    const at16 = await slotAt(s.entity, date, s.bruno, '16:00:00');
    ok(await v2(s.entity, 'POST', '/appointments', { ...client(5), slot_id: at16.id }));
    const long = ok(
      await v2(s.entity, 'POST', '/time-off', {
        calendar_id: s.bruno,
        date,
        start_time: '16:00',
        end_time: '18:00',
      }),
    );
    // 16:00 closes too; its appointment is kept and counted.
    expect(long).toMatchObject({ name: 'Time off', closed_slots: 4, booked_appointments: 1 });
    const short = ok(
      await v2(s.entity, 'POST', '/time-off', {
        calendar_id: s.bruno,
        date,
        start_time: '17:00',
        end_time: '17:30',
      }),
    );
    expect(short.closed_slots).toBe(0);
    const at1630 = await slotAt(s.entity, date, s.bruno, '16:30:00');
    ok(
      await v2(s.entity, 'POST', '/calendar-slots/update', {
        slot_id: at1630.id,
        calendar_id: s.bruno,
        status: 'closed',
      }),
    );

    ok(await v2(s.entity, 'POST', '/time-off/delete', { id: long.id }));
    const after = await slotsOf(s.entity, date, s.bruno);
    const statusAt = (t: string) => after.find((x) => x.start_time === t)?.status;
    expect([statusAt('16:30:00'), statusAt('17:00:00'), statusAt('17:30:00')]).toEqual([
      'closed',
      'closed',
      'open',
    ]);
    const at17 = after.find((x) => x.start_time === '17:00:00') as Json;
    expect(refused(await v2(s.entity, 'POST', '/appointments', { ...client(6), slot_id: at17.id }))).toEqual(
      TIME_OFF,
    );
    ok(await v2(s.entity, 'POST', '/time-off/delete', { id: short.id }));
    expect((await slotAt(s.entity, date, s.bruno, '17:00:00')).status).toBe('open');
    // Closed by hand during the time off: the hand's, not reopened.
    expect((await slotAt(s.entity, date, s.bruno, '16:30:00')).status).toBe('closed');
  });

  it('refuses bad input with 400 and an unknown calendar with 404', async () => {
    const base = { calendar_id: s.bruno, date };
    expect(refused(await v2(s.entity, 'POST', '/time-off', { ...base, start_time: '14:00' }))).toMatchObject({
      status: 400,
      message: 'end_time: is required',
    });
    expect(
      refused(await v2(s.entity, 'POST', '/time-off', { ...base, start_time: '15:00', end_time: '14:00' })),
    ).toMatchObject({ status: 400, message: 'end_time: must be after start_time' });
    expect(refused(await v2(s.entity, 'POST', '/time-off', { ...base, date: '2026-02-30' }))).toMatchObject({
      status: 400,
      code: 'INVALID_DATE_FORMAT',
    });
    expect(
      refused(await v2(s.entity, 'POST', '/time-off', { ...base, start_time: '25:00', end_time: '26:00' })),
    ).toMatchObject({
      status: 400,
      message: 'start_time: must be a time HH:MM:SS',
    });
    expect(refused(await v2(s.entity, 'POST', '/time-off', { date }))).toMatchObject({ status: 400 });
    expect(refused(await v2(s.entity, 'POST', '/time-off', { ...base, calendar_id: 99_999 }))).toMatchObject({
      status: 404,
      code: 'CALENDAR_NOT_FOUND',
    });
    expect(refused(await v2(s.entity, 'GET', '/time-off'))).toMatchObject({ status: 400 });
    expect(refused(await v2(s.entity, 'GET', '/time-off?calendar_id=99999'))).toMatchObject({ status: 404 });
    expect(refused(await v2(s.entity, 'POST', '/time-off/delete', { id: 'x' }))).toMatchObject({
      status: 400,
    });
  });

  it("is the entity's own: another entity neither sees nor removes it", async () => {
    const other = await newEntity();
    const added = ok(
      await v2(s.entity, 'POST', '/time-off', { calendar_id: s.bruno, date, name: 'Holiday' }),
    );
    expect(refused(await v2(other, 'GET', `/time-off?calendar_id=${s.bruno}`))).toMatchObject({
      status: 404,
    });
    expect(refused(await v2(other, 'POST', '/time-off/delete', { id: added.id }))).toMatchObject({
      status: 404,
    });
    ok(await v2(s.entity, 'POST', '/time-off/delete', { id: added.id }));
  });
});

describe('time off before the slots are made', () => {
  const date = futureWorkingDate(44);

  it('a whole day: generation creates the calendar slots closed, the other calendar open; removal reopens them', async () => {
    const s = await salon(date, false);
    const added = ok(await v2(s.entity, 'POST', '/time-off', { calendar_id: s.bruno, date }));
    expect(added).toMatchObject({ start_time: null, end_time: null, name: 'Time off', closed_slots: 0 });
    ok(await v2(s.entity, 'POST', '/calendar-slots/generate', { date, calendar_id: s.bruno }));
    ok(await v2(s.entity, 'POST', '/calendar-slots/generate', { date }));
    const bruno = await slotsOf(s.entity, date, s.bruno);
    expect(bruno).toHaveLength(10);
    expect(bruno.every((x) => x.status === 'closed')).toBe(true);
    expect((await slotsOf(s.entity, date, s.alice)).every((x) => x.status === 'open')).toBe(true);
    const first = bruno[0] as Json;
    expect(refused(await v2(s.entity, 'POST', '/appointments', { ...client(8), slot_id: first.id }))).toEqual(
      TIME_OFF,
    );

    ok(await v2(s.entity, 'POST', '/time-off/delete', { id: added.id }));
    expect((await slotsOf(s.entity, date, s.bruno)).every((x) => x.status === 'open')).toBe(true);
    expect(ok(await v2(s.entity, 'POST', '/appointments', { ...client(9), slot_id: first.id })).slot_id).toBe(
      first.id,
    );
  });
});
