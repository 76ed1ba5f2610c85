import { services } from '../../../../shared/wiring';
import { viaHandler as call } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';

type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: answers are arbitrary JSON
type Json = Record<string, any>;

const D1 = futureWorkingDate(20);
const D2 = futureWorkingDate(21);

let entity: Entity;
let other: Entity;
let second: number;
const get = async (url: string, who: Entity = entity) => {
  const answer = await call('GET', `/api${url}`, { headers: who.v1 });
  return answer;
};
const join = (url: string, extra: string) => `${url}${url.includes('?') ? '&' : '?'}${extra}`;

/** Every page of a list by cursor: its rows and the pagination objects seen. */
async function walk(url: string) {
  const rows: Json[] = [];
  const paginations: Json[] = [];
  let next: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const answer = await get(next ? join(url, `cursor=${encodeURIComponent(next)}`) : url);
    expect(answer.status).toBe(200);
    rows.push(...(answer.json.data as Json[]));
    paginations.push(answer.json.pagination);
    next = answer.json.pagination.next_cursor;
    if (!next) break;
  }
  return { rows, paginations };
}

beforeAll(async () => {
  entity = await newEntity({ hours: ALWAYS_OPEN });
  other = await newEntity({ hours: ALWAYS_OPEN });
  const admin = services().admin;
  second = (await admin.createCalendar(entity.entity_account_id, 'Second')).calendar_id;
  const generate = async (date: string) =>
    (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date, max_appointments: 3, duration: 60 },
      })
    ).json.data as Json[];
  const inFirst = [...(await generate(D1)).slice(0, 3), ...(await generate(D2)).slice(0, 2)];
  await admin.updateSettings(entity.entity_account_id, { default_calendar_id: second });
  const inSecond = (await generate(D1)).slice(0, 2);
  await admin.updateSettings(entity.entity_account_id, { default_calendar_id: 1 });
  const slots = [
    ...inFirst.map((s) => ({ id: s.id as number, calendar_id: 1 })),
    ...inSecond.map((s) => ({ id: s.id as number, calendar_id: second })),
  ];
  // One booking a slot, side by side (different slots: no contention between them).
  await Promise.all(
    slots.map(async (slot, i) => {
      const answer = await call('POST', '/api/appointment', {
        headers: entity.v1,
        body: {
          calendar_id: slot.calendar_id,
          slot_id: slot.id,
          client_firstname: `First${i}`,
          client_lastname: `Name${String((i * 7) % 13).padStart(2, '0')}`,
          client_email: `person${i}@acme.fr`,
          client_phone: mobile(700 + i),
        },
      });
      if (answer.status !== 200) throw new Error(`booking ${i}: ${JSON.stringify(answer.json)}`);
    }),
  );
}, 300_000);

describe('every v1 list walks by cursor to the same rows as by page number', () => {
  it.each([
    ['/calendars?per_page=1'],
    [`/slots?calendar_id=1&date_from=${D1}&date_to=${D2}&all=true&per_page=4`],
    ['/appointments?per_page=3'],
    ['/appointments?per_page=4&status=confirmed'],
    [`/appointments?per_page=2&date_from=${D1}&date_to=${D1}`],
    ['/appointments?per_page=2&calendar_id=1'],
    ['/appointments/1?per_page=3'],
    ['/clients?per_page=3'],
    ['/clients?per_page=2&search=name0'],
    ['/clients/1?per_page=2'],
  ])('%s', async (url) => {
    const { rows, paginations } = await walk(url);
    const first = paginations[0] as Json;
    expect(first.total).toBeGreaterThan(first.per_page);
    expect(rows).toHaveLength(first.total);
    // The same rows, in the same order, as page by page; the page numbers follow.
    const byNumber: Json[] = [];
    for (let page = 1; page <= first.total_pages; page++) {
      byNumber.push(...((await get(join(url, `page=${page}`))).json.data as Json[]));
    }
    expect(rows).toEqual(byNumber);
    expect(paginations.map((p) => p.page)).toEqual(paginations.map((_, n) => n + 1));
    // Absent on the last page only.
    expect(paginations.map((p) => p.next_cursor === undefined)).toEqual(
      paginations.map((_, n) => n === paginations.length - 1),
    );
    expect(paginations.map((p) => p.has_more)).toEqual(paginations.map((_, n) => n < paginations.length - 1));
  });
});

describe('a cursor is opaque and bound to its account and query', () => {
  const cursorOf = async (url: string) => (await get(url)).json.pagination.next_cursor as string;

  it('shows no key of the table', async () => {
    const cursor = await cursorOf('/appointments?per_page=2');
    const text = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const fragment of ['E#', 'APPT#', 'gsi', entity.entity_account_id, 'appointment_id']) {
      expect(text).not.toContain(fragment);
    }
  });

  it.each([
    ['another query', () => '/appointments/1?per_page=2&status=confirmed'],
    ['another per_page', () => '/appointments/1?per_page=3'],
    ['another list', () => '/clients?per_page=2'],
    ['another calendar', () => `/appointments/${second}?per_page=2`],
  ])('%s → 400 INVALID_PARAMETER', async (_name, url) => {
    const cursor = await cursorOf('/appointments/1?per_page=2');
    const answer = await get(join(url(), `cursor=${cursor}`));
    expect({ status: answer.status, code: answer.json.error_code }).toEqual({
      status: 400,
      code: 'INVALID_PARAMETER',
    });
    expect(answer.json.message).toMatch(/^cursor: /);
  });

  it("another account's cursor → 400, even on the same query", async () => {
    const cursor = await cursorOf('/calendars?per_page=1');
    const answer = await get(`/calendars?per_page=1&cursor=${cursor}`, other);
    expect({ status: answer.status, code: answer.json.error_code }).toEqual({
      status: 400,
      code: 'INVALID_PARAMETER',
    });
  });

  it.each([
    ['altered', (c: string) => `${c.slice(0, 20)}${c[20] === 'A' ? 'B' : 'A'}${c.slice(21)}`],
    ['cut short', (c: string) => c.slice(0, 30)],
    ['not base64url', () => 'not a cursor!'],
    ['too long', () => 'A'.repeat(1100)],
  ])('%s → 400 INVALID_PARAMETER', async (_name, change) => {
    const cursor = await cursorOf('/appointments?per_page=2');
    const answer = await get(`/appointments?per_page=2&cursor=${encodeURIComponent(change(cursor))}`);
    expect({ status: answer.status, code: answer.json.error_code }).toEqual({
      status: 400,
      code: 'INVALID_PARAMETER',
    });
  });

  it('a cursor names the page: page= beside it is ignored', async () => {
    const first = await get('/appointments?per_page=2');
    const cursor = first.json.pagination.next_cursor as string;
    const answer = await get(`/appointments?per_page=2&page=7&cursor=${cursor}`);
    expect(answer.json.pagination.page).toBe(2);
    expect(answer.json.data).toEqual((await get('/appointments?per_page=2&page=2')).json.data);
  });
});
