import { addDays, daysBetween, todayIn } from '../../../../shared/core/dates';
import { publicHoliday } from '../../../../shared/features/schedule/domain/holidays';
import { type Answer, viaHandler } from '../../../support/api';
import { LONG_DAYS, mobile, newEntity } from '../../../support/fixtures';

/**
 * Notice, window and time to change (issue 59 points 2 and 3, docs/CONTRACT.md#booking-window), through the
 * handlers and DynamoDB Local: a publishable key's and a cancel token's slots and availability leave out what
 * is too soon or too far, their bookings and moves answer 409 too soon / too far ahead (a service's own
 * window wins), the business's own token is bound by none; within the cut-off a client's link neither moves
 * nor cancels (409 CHANGE_TOO_LATE naming the business), the business's token still does.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;
const ORIGIN = 'https://salon.example.fr';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer): Json => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer.json.data;
};
const refused = (answer: Answer) => ({
  status: answer.status,
  message: answer.json.message,
  code: answer.json.code,
});
const TOO_SOON = { status: 409, message: 'slot not available: too soon', code: 'SLOT_TOO_SOON' };
const TOO_FAR = { status: 409, message: 'slot not available: too far ahead', code: 'SLOT_TOO_FAR' };

/** The first date on or after `date` that is no French public holiday (generation refuses those). */
const workable = (date: string): string => (publicHoliday(date, 'FR') ? workable(addDays(date, 1)) : date);

/**
 * Four dates from today in Paris, whatever the hour the test runs at: d1 is always too soon and d2 never
 * for a notice of (d2 − today − 1) days; d3 is the last date of a window of (d3 − today + 1) days, d4 past it.
 */
function dates() {
  const today = todayIn('Europe/Paris');
  const d1 = workable(addDays(today, 2));
  const d2 = workable(addDays(d1, 2));
  const d3 = workable(addDays(d2, 1));
  const d4 = workable(addDays(d3, 1));
  return {
    d1,
    d2,
    d3,
    d4,
    notice: (daysBetween(today, d2) - 1) * 1440,
    window: daysBetween(today, d3) + 1,
  };
}

async function shop(settings: Record<string, unknown>, when: ReturnType<typeof dates>) {
  const entity = await newEntity({
    hours: LONG_DAYS,
    settings: { max_appointments: 1, name: 'Salon Jeanne', ...settings },
  });
  const created = ok(await v2('POST', '/keys', entity.v2, { name: 'site', allowed_origins: [ORIGIN] }));
  const key = { 'Access-Token': created.key as string, Origin: ORIGIN };
  const slots: Record<string, Json[]> = {};
  for (const date of [when.d1, when.d2, when.d3, when.d4])
    slots[date] = ok(await v2('POST', '/calendar-slots/generate', entity.v2, { date }));
  const cut = ok(await v2('POST', '/services', entity.v2, { name: 'Cut', duration: 30 })).id as number;
  return { entity, key, slots, cut };
}

let n = 0;
const client = () => ({ client_name: `Client ${++n}`, client_phone: mobile(500 + n) });
const first = (slots: Json[]) => slots[2] as Json;

describe('notice and booking window', () => {
  const when = dates();
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    s = await shop({ min_notice_minutes: when.notice, max_days_ahead: when.window }, when);
  });

  it('leaves out of a key’s slots and availability what is too soon or too far; the secret token sees all', async () => {
    const range = `from=${when.d1}&to=${when.d4}`;
    const datesOf = (items: Json[]) => [...new Set(items.map((x) => x.date))];
    expect(datesOf(ok(await v2('GET', `/calendar-slots?${range}`, s.key)))).toEqual([when.d2, when.d3]);
    expect(datesOf(ok(await v2('GET', `/calendar-slots?date=${when.d1}`, s.key)))).toEqual([]);
    expect(datesOf(ok(await v2('GET', `/calendar-slots?${range}`, s.entity.v2)))).toEqual([
      when.d1,
      when.d2,
      when.d3,
      when.d4,
    ]);
    const availability = `/availability?service_id=${s.cut}&${range}`;
    expect(datesOf(ok(await v2('GET', availability, s.key)))).toEqual([when.d2, when.d3]);
    expect(datesOf(ok(await v2('GET', availability, s.entity.v2)))).toHaveLength(4);
  });

  it('refuses a key’s booking too soon or too far (by slot and by service); the business books a walk-in', async () => {
    const soon = first(s.slots[when.d1] as Json[]);
    const far = first(s.slots[when.d4] as Json[]);
    expect(refused(await v2('POST', '/appointments', s.key, { ...client(), slot_id: soon.id }))).toEqual(
      TOO_SOON,
    );
    expect(refused(await v2('POST', '/appointments', s.key, { ...client(), slot_id: far.id }))).toEqual(
      TOO_FAR,
    );
    const byService = (date: string) => ({ ...client(), service_id: s.cut, date, start_time: '10:00' });
    expect(refused(await v2('POST', '/appointments', s.key, byService(when.d1)))).toEqual(TOO_SOON);
    expect(refused(await v2('POST', '/appointments', s.key, byService(when.d4)))).toEqual(TOO_FAR);
    expect(ok(await v2('POST', '/appointments', s.key, byService(when.d3))).date).toBe(when.d3);
    // The business's own token is not bound: a walk-in now, a booking next year.
    expect(
      ok(await v2('POST', '/appointments', s.entity.v2, { ...client(), slot_id: soon.id })).slot_id,
    ).toBe(soon.id);
    expect(ok(await v2('POST', '/appointments', s.entity.v2, { ...client(), slot_id: far.id })).slot_id).toBe(
      far.id,
    );
  });

  it('a service’s own notice and window win over the entity’s, and null gives them back', async () => {
    const own = ok(
      await v2('POST', '/services', s.entity.v2, {
        name: 'Express',
        duration: 30,
        min_notice_minutes: 0,
        max_days_ahead: 365,
      }),
    );
    expect(own).toMatchObject({ min_notice_minutes: 0, max_days_ahead: 365, buffer_before_minutes: 0 });
    const range = `from=${when.d1}&to=${when.d4}`;
    const starts = ok(await v2('GET', `/availability?service_id=${own.id}&${range}`, s.key)) as Json[];
    expect(new Set(starts.map((x) => x.date))).toEqual(new Set([when.d1, when.d2, when.d3, when.d4]));
    const booked = ok(
      await v2('POST', '/appointments', s.key, {
        ...client(),
        service_id: own.id,
        date: when.d4,
        start_time: '11:00',
      }),
    );
    expect(booked.date).toBe(when.d4);
    const back = ok(await v2('POST', '/services/update', s.entity.v2, { id: own.id, max_days_ahead: null }));
    expect(back).toMatchObject({ min_notice_minutes: 0, max_days_ahead: null });
    expect(
      refused(
        await v2('POST', '/appointments', s.key, {
          ...client(),
          service_id: own.id,
          date: when.d4,
          start_time: '13:00',
        }),
      ),
    ).toEqual(TOO_FAR);
    for (const bad of [
      { min_notice_minutes: 43_201 },
      { max_days_ahead: 0 },
      { buffer_after_minutes: 241 },
    ]) {
      const answer = await v2('POST', '/services/update', s.entity.v2, { id: own.id, ...bad });
      expect({ status: answer.status, message: answer.json.message }).toEqual({
        status: 400,
        message: expect.stringMatching(new RegExp(`^${Object.keys(bad)[0]}: `)),
      });
    }
  });

  it('a cancel token moves within the window only', async () => {
    const mine = ok(
      await v2('POST', '/appointments', s.key, { ...client(), slot_id: (s.slots[when.d2] as Json[])[6].id }),
    );
    const move = (slot: Json) =>
      v2('POST', '/appointments/reschedule', s.key, { cancel_token: mine.cancel_token, slot_id: slot.id });
    expect(refused(await move((s.slots[when.d1] as Json[])[8]))).toEqual(TOO_SOON);
    expect(refused(await move((s.slots[when.d4] as Json[])[8]))).toEqual(TOO_FAR);
    const target = (s.slots[when.d3] as Json[])[8];
    expect(ok(await move(target)).slot_id).toBe(target.id);
    // The business's token moves it anywhere.
    const anywhere = (s.slots[when.d4] as Json[])[9];
    const moved = await v2('POST', '/appointments/reschedule', s.entity.v2, {
      cancel_token: mine.cancel_token,
      slot_id: anywhere.id,
    });
    expect(ok(moved).slot_id).toBe(anywhere.id);
  });

  it('settings take the window and the cut-off within their bounds only', async () => {
    const after = ok(
      await v2('POST', '/settings', s.entity.v2, {
        min_notice_minutes: 90,
        max_days_ahead: 30,
        client_change_cutoff_minutes: 720,
      }),
    );
    expect(after).toMatchObject({
      min_notice_minutes: 90,
      max_days_ahead: 30,
      client_change_cutoff_minutes: 720,
    });
    for (const [field, value] of [
      ['min_notice_minutes', 43_201],
      ['min_notice_minutes', -1],
      ['max_days_ahead', 0],
      ['max_days_ahead', 366],
      ['client_change_cutoff_minutes', 10_081],
      ['client_change_cutoff_minutes', 1.5],
      ['max_days_ahead', 'soon'],
    ] as const) {
      const answer = await v2('POST', '/settings', s.entity.v2, { [field]: value });
      expect({ field, status: answer.status, message: answer.json.message }).toEqual({
        field,
        status: 400,
        message: expect.stringMatching(new RegExp(`^${field}: `)),
      });
    }
  });
});

describe('time to change', () => {
  const when = dates();

  it('within the cut-off a client’s link neither moves nor cancels (409 naming whom to contact); the business does', async () => {
    // Cut-off of (d2 − today − 1) days: an appointment on d1 is always within it, one on d2 never.
    const s = await shop({ client_change_cutoff_minutes: when.notice }, when);
    const soon = ok(
      await v2('POST', '/appointments', s.key, {
        ...client(),
        slot_id: first(s.slots[when.d1] as Json[]).id,
      }),
    );
    const later = ok(
      await v2('POST', '/appointments', s.key, {
        ...client(),
        slot_id: first(s.slots[when.d2] as Json[]).id,
      }),
    );
    const tooLate = {
      status: 409,
      code: 'CHANGE_TOO_LATE',
      message: expect.stringMatching(
        /^too late to change by link: the appointment starts within \d+ days?; contact Salon Jeanne to change it$/,
      ),
    };
    const asLink = { 'Access-Token': soon.cancel_token as string };
    expect(
      refused(await v2('POST', '/appointments/cancel', s.key, { cancel_token: soon.cancel_token })),
    ).toEqual(tooLate);
    expect(
      refused(await v2('POST', '/appointments/cancel', asLink, { cancel_token: soon.cancel_token })),
    ).toEqual(tooLate);
    const other = (s.slots[when.d3] as Json[])[4];
    expect(
      refused(
        await v2('POST', '/appointments/reschedule', s.key, {
          cancel_token: soon.cancel_token,
          slot_id: other.id,
        }),
      ),
    ).toEqual(tooLate);
    // The manage page still opens it, to say whom to contact.
    expect(
      ok(await v2('POST', '/appointments/lookup', s.key, { cancel_token: soon.cancel_token })).appointment.id,
    ).toBe(soon.id);
    // Past the cut-off the link works; the business's own token works within it.
    expect(
      ok(await v2('POST', '/appointments/cancel', s.key, { cancel_token: later.cancel_token })).status,
    ).toBe('cancelled');
    expect(
      ok(await v2('POST', '/appointments/cancel', s.entity.v2, { cancel_token: soon.cancel_token })).status,
    ).toBe('cancelled');
  });
});
