import { weekdayOf } from '../../../../shared/features/schedule/domain/opening-hours';
import { type Answer, viaHandler as call } from '../../../support/api';
import { futureWorkingDate, LONG_DAYS, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

/**
 * Buffers (issue 59 point 1, docs/CONTRACT.md#buffers), through the handlers and DynamoDB Local: a
 * service's buffer_before_minutes / buffer_after_minutes keep time free on its calendar. A booking takes a
 * place in every slot its service or buffers touch; a start is offered and bookable only when they overlap no
 * other booking of the calendar (nor its buffers); buffers may run past closing time; "anyone" picks a
 * stylist free buffers included; a cancel frees them; a move takes them at the new time; capacity stays
 * exact under concurrency.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  call(method, `/api/v2${path}`, { headers: entity.v2, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer): Json => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json.data;
};
const refused = (answer: Answer) => ({ status: answer.status, message: answer.json.message });
let n = 0;
const client = () => ({ client_name: `Client ${++n}`, client_phone: mobile(600 + n) });

/** Alice (08-12, 13-20) and Bruno (13:00-18:00) with 30-minute slots of `date` holding `capacity` each. */
async function salon(date: string, capacity = 1) {
  const entity = await newEntity({ hours: LONG_DAYS, settings: { max_appointments: capacity } });
  const alice = (ok(await v2(entity, 'GET', '/calendars'))[0] as Json).id as number;
  ok(await v2(entity, 'POST', '/calendars/update', { id: alice, name: 'Alice' }));
  const bruno = ok(await v2(entity, 'POST', '/calendars', { name: 'Bruno' })).id as number;
  ok(
    await v2(entity, 'POST', '/opening-hours/update', {
      calendar_id: bruno,
      day_of_week: weekdayOf(date),
      start_time1: '13:00:00',
      end_time1: '18:00:00',
    }),
  );
  ok(await v2(entity, 'POST', '/calendar-slots/generate', { date }));
  ok(await v2(entity, 'POST', '/calendar-slots/generate', { date, calendar_id: bruno }));
  const service = async (body: Json) => ok(await v2(entity, 'POST', '/services', body)).id as number;
  return {
    entity,
    alice,
    bruno,
    // A colour and its 15 minutes of clean-up, by Bruno only.
    colour: await service({ name: 'Colour', duration: 90, calendar_ids: [bruno], buffer_after_minutes: 15 }),
    // A cut with 30 minutes before and after, by either.
    cut: await service({ name: 'Cut', duration: 30, buffer_before_minutes: 30, buffer_after_minutes: 30 }),
  };
}
type Salon = Awaited<ReturnType<typeof salon>>;

const startsOf = async (s: Salon, date: string, service: number, calendar?: number) =>
  (
    ok(
      await v2(
        s.entity,
        'GET',
        `/availability?service_id=${service}&from=${date}&to=${date}${calendar ? `&calendar_id=${calendar}` : ''}`,
      ),
    ) as Json[]
  ).map((x) => `${String(x.start_time).slice(0, 5)}@${x.calendar_name}`);
const slotsOf = async (s: Salon, date: string, calendar: number) =>
  ok(await v2(s.entity, 'GET', `/calendar-slots?date=${date}&calendar_id=${calendar}`)) as Json[];
const bookService = (s: Salon, service: number, date: string, start: string, calendar?: number) =>
  v2(s.entity, 'POST', '/appointments', {
    ...client(),
    service_id: service,
    date,
    start_time: start,
    ...(calendar ? { calendar_id: calendar } : {}),
  });

describe('buffers', () => {
  const date = futureWorkingDate(48);
  let s: Salon;
  beforeAll(async () => {
    s = await salon(date);
  });

  it('are shown with the service and refused out of 0..240', async () => {
    const services = ok(await v2(s.entity, 'GET', '/services')) as Json[];
    expect(services.map((x) => [x.name, x.buffer_before_minutes, x.buffer_after_minutes])).toEqual([
      ['Colour', 0, 15],
      ['Cut', 30, 30],
    ]);
    for (const bad of [
      { buffer_before_minutes: -1 },
      { buffer_after_minutes: 241 },
      { buffer_after_minutes: 'x' },
    ]) {
      const answer = await v2(s.entity, 'POST', '/services', { name: 'Bad', duration: 30, ...bad });
      expect(refused(answer)).toEqual({
        status: 400,
        message: expect.stringMatching(new RegExp(`^${Object.keys(bad)[0]}: must be`)),
      });
    }
  });

  it('a booking keeps its buffers free: the slot they touch is taken, and no start overlapping them is offered or booked', async () => {
    const colour = ok(await bookService(s, s.colour, date, '14:00', s.bruno));
    // 14:00-15:30 and a 15-minute clean-up: the 15:30 slot is held too.
    expect(colour).toMatchObject({ start_time: '14:00:00', end_time: '15:30:00', calendar_id: s.bruno });
    const bruno = await slotsOf(s, date, s.bruno);
    const at = (time: string) => bruno.find((x) => x.start_time === time) as Json;
    expect(colour.slot_ids).toEqual(['14:00:00', '14:30:00', '15:00:00', '15:30:00'].map((t) => at(t).id));
    expect(colour.slot_id).toBe(at('14:00:00').id);
    expect(at('15:30:00').available_slots).toBe(0);
    // Another colour: it must not overlap 14:00-15:45, nor its own 15 minutes end in it.
    expect(await startsOf(s, date, s.colour)).toEqual(['16:00@Bruno', '16:30@Bruno']);
    expect(refused(await bookService(s, s.colour, date, '15:30', s.bruno))).toEqual({
      status: 409,
      message: 'slot not available: full',
    });
    // 12:30 would end at 14:00 with its clean-up in the 14:00 slot: refused too (no slot at 12:30 either way).
    expect(refused(await bookService(s, s.colour, date, '13:00', s.bruno))).toEqual({
      status: 409,
      message: 'slot not available: full',
    });
    // A slot booking of the buffer's slot is refused: the buffer holds it.
    expect(
      refused(await v2(s.entity, 'POST', '/appointments', { ...client(), slot_id: at('15:30:00').id })),
    ).toEqual({
      status: 409,
      message: 'slot not available: full',
    });
    // Buffers may run past closing time: 16:30-18:00 and 15 minutes after 18:00, where Bruno has no slot.
    const late = ok(await bookService(s, s.colour, date, '16:30', s.bruno));
    expect(late).toMatchObject({ end_time: '18:00:00' });
    expect(late.slot_ids).toHaveLength(3);
    // A cancel frees the buffer's slot with the others.
    ok(await v2(s.entity, 'POST', '/appointments/cancel', { cancel_token: colour.cancel_token }));
    expect((await slotsOf(s, date, s.bruno)).find((x) => x.start_time === '15:30:00').available_slots).toBe(
      1,
    );
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
  });

  it('"anyone" picks a stylist who is free with the buffers; availability says the same', async () => {
    // Alice: a cut at 9:00 holds 8:30 to 10:00 (30 minutes each side).
    const first = ok(await bookService(s, s.cut, date, '09:00', s.alice));
    expect(first.slot_ids).toHaveLength(3);
    const morning = (await startsOf(s, date, s.cut, s.alice)).filter((x) => x < '11:00');
    expect(morning).toEqual(['10:30@Alice']);
    // Alice at 14:00 (13:30-15:00 held): a cut at 15:00 needs 14:30 free, so "anyone" gives it to Bruno.
    ok(await bookService(s, s.cut, date, '14:00', s.alice));
    const starts = await startsOf(s, date, s.cut);
    expect(starts.filter((x) => x.startsWith('15:00'))).toEqual(['15:00@Bruno']);
    expect(ok(await bookService(s, s.cut, date, '15:00')).calendar_id).toBe(s.bruno);
    // Nobody is left at 15:00: 409, no double booking.
    expect((await bookService(s, s.cut, date, '15:00')).status).toBe(409);
  });

  it('a move takes the buffers at the new time and frees the old ones', async () => {
    const booked = ok(await bookService(s, s.cut, date, '18:30', s.alice));
    const alice = await slotsOf(s, date, s.alice);
    const at = (time: string) => alice.find((x) => x.start_time === time) as Json;
    expect(booked.slot_ids).toEqual(['18:00:00', '18:30:00', '19:00:00'].map((t) => at(t).id));
    const moved = ok(
      await v2(s.entity, 'POST', '/appointments/reschedule', {
        cancel_token: booked.cancel_token,
        slot_id: at('19:00:00').id,
      }),
    );
    expect(moved.slot_ids).toEqual(['18:30:00', '19:00:00', '19:30:00'].map((t) => at(t).id));
    const after = await slotsOf(s, date, s.alice);
    const left = (time: string) => after.find((x) => x.start_time === time)?.available_slots;
    expect(['18:00:00', '18:30:00', '19:00:00', '19:30:00'].map(left)).toEqual([1, 0, 0, 0]);
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
  });
});

describe('buffers with capacity 2', () => {
  it('count with the services: a slot holds two bookings, services and buffers together', async () => {
    const date = futureWorkingDate(49);
    const s = await salon(date, 2);
    ok(await bookService(s, s.cut, date, '09:00', s.alice)); // holds 08:30, 09:00, 09:30
    ok(await bookService(s, s.cut, date, '10:00', s.alice)); // holds 09:30, 10:00, 10:30: 09:30 now full
    expect(refused(await bookService(s, s.cut, date, '09:00', s.alice))).toEqual({
      status: 409,
      message: 'slot not available: full',
    });
    expect(ok(await bookService(s, s.cut, date, '08:30', s.alice)).start_time).toBe('08:30:00'); // 08:00-09:00 held
    const slots = await slotsOf(s, date, s.alice);
    const left = (time: string) => slots.find((x) => x.start_time === time)?.available_slots;
    expect(['08:00:00', '08:30:00', '09:00:00', '09:30:00', '10:00:00', '10:30:00'].map(left)).toEqual([
      1, 0, 0, 0, 1, 1,
    ]);
  });
});

describe('buffers under concurrency', () => {
  it('24 concurrent bookings of overlapping starts never let two bookings or their buffers share a place', async () => {
    const date = futureWorkingDate(50);
    const s = await salon(date);
    const starts = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        bookService(s, s.colour, date, starts[i % starts.length] ?? '', s.bruno),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const won = answers.filter((a) => a.status === 200).map((a) => a.json.data);
    expect(won.length).toBeGreaterThanOrEqual(1);
    const items = await partition(s.entity.entity_account_id);
    const live = items.filter((i) => i.type === 'appointment' && i.status !== 'cancelled');
    expect(live).toHaveLength(won.length);
    const holders = new Map<number, number>();
    for (const a of live)
      for (const id of a.slot_ids as number[]) holders.set(id, (holders.get(id) ?? 0) + 1);
    for (const slot of items.filter((i) => i.type === 'slot' && i.calendar_id === s.bruno)) {
      const held = holders.get(slot.slot_id as number) ?? 0;
      expect({ slot: slot.start_time, held }).toEqual({ slot: slot.start_time, held: Math.min(held, 1) });
      expect(slot.taken).toBe(held);
    }
    // No two winners overlap, each with its 15 minutes after (the slot it touches): by the clock.
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const spans = won
      .map((a) => [minutes(a.start_time), Math.ceil((minutes(a.end_time) + 15) / 30) * 30] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? 0);
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
  });
});
