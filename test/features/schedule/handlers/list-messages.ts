import { type Answer, viaHandler as call } from '../../../support/api';
import { futureWorkingDate, LONG_DAYS, mobile, newEntity } from '../../../support/fixtures';

/**
 * The v2 lists' messages count in English (docs/CONTRACT.md#envelopes: the message is for people): one item is
 * `1 calendar`, never `1 calendars`; two are plural. Through the handlers and DynamoDB Local.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;

const v2 = (entity: Entity, method: string, path: string, body?: unknown) =>
  call(method, `/api/v2${path}`, { headers: entity.v2, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer) => {
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.text}`);
  return answer;
};
const messageOf = async (entity: Entity, path: string) => ok(await v2(entity, 'GET', path)).json.message;

describe('list messages count in English', () => {
  const date = futureWorkingDate(45);
  let entity: Entity;
  beforeAll(async () => {
    entity = await newEntity({ hours: LONG_DAYS, settings: { max_appointments: 1 } });
  });

  it('one item: singular, on every list that counts', async () => {
    const [slot] = ok(await v2(entity, 'POST', '/calendar-slots/generate', { date })).json.data as Array<{
      id: number;
      start_time: string;
    }>;
    const calendar = ok(await v2(entity, 'GET', '/calendars')).json.data[0].id as number;
    const service = ok(await v2(entity, 'POST', '/services', { name: 'Cut', duration: 30 })).json.data.id;
    ok(await v2(entity, 'POST', '/closures', { date: futureWorkingDate(60), name: 'Inventory' }));
    ok(await v2(entity, 'POST', '/keys', { name: 'site', allowed_origins: ['https://shop.example'] }));
    ok(await v2(entity, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' }));
    ok(await v2(entity, 'POST', '/staff', { email: 'owner@shop.example', role: 'owner' }));
    ok(
      await v2(entity, 'POST', '/appointments', {
        slot_id: slot?.id,
        client_name: 'Ann Lee',
        client_phone: mobile(901),
      }),
    );

    // 13:00-18:00 alone fits in LONG_DAYS' two periods (08:00-12:00, 13:00-20:00) at 300 minutes.
    const one = futureWorkingDate(46);
    const generate = () => v2(entity, 'POST', '/calendar-slots/generate', { date: one, duration: 300 });
    expect(ok(await generate()).json.message).toBe(`1 slot generated, 1 slot on ${one}`);
    expect(ok(await generate()).json.message).toBe(`0 slots generated, 1 slot on ${one}`);
    expect(await messageOf(entity, '/calendars')).toBe('1 calendar');
    expect(await messageOf(entity, '/services')).toBe('1 service');
    expect(await messageOf(entity, '/closures')).toBe('1 closure day');
    expect(await messageOf(entity, '/keys')).toBe('1 publishable key');
    expect(await messageOf(entity, '/webhooks')).toBe('1 webhook');
    expect(await messageOf(entity, '/staff')).toBe('1 staff member');
    const off = ok(
      // The day with one generated slot: that slot closes.
      await v2(entity, 'POST', '/time-off', { calendar_id: calendar, date: one }),
    );
    expect(off.json.message).toBe('time off added: 1 slot closed, 0 booked appointments kept');
    expect(await messageOf(entity, `/time-off?calendar_id=${calendar}`)).toBe('1 period of time off');
    expect(await messageOf(entity, `/appointments?from=${date}&to=${date}`)).toBe('1 appointment');
    expect(await messageOf(entity, `/calendar-slots?date=${date}&available=true`)).not.toMatch(/^1 /);
    // The last open slot of the day: one left.
    const slots = ok(await v2(entity, 'GET', `/calendar-slots?date=${date}`)).json.data as Array<{
      id: number;
    }>;
    for (const other of slots.slice(1, -1))
      ok(await v2(entity, 'POST', '/calendar-slots/update', { slot_id: other.id, status: 'closed' }));
    expect(await messageOf(entity, `/calendar-slots?date=${date}&available=true`)).toBe('1 slot');
    // An optional query parameter sent empty is one left out (docs/CONTRACT.md#optional-fields).
    expect(await messageOf(entity, `/calendar-slots?date=${date}&available=true&calendar_id=`)).toBe(
      '1 slot',
    );
    expect(
      await messageOf(
        entity,
        `/availability?service_id=${service}&from=${date}&to=${date}&calendar_id=${calendar}`,
      ),
    ).toBe('1 available start');
  });

  it('two items: plural', async () => {
    ok(await v2(entity, 'POST', '/calendars', { name: 'Bruno' }));
    ok(await v2(entity, 'POST', '/services', { name: 'Colour', duration: 60 }));
    expect(await messageOf(entity, '/calendars')).toBe('2 calendars');
    expect(await messageOf(entity, '/services')).toBe('2 services');
    const calendar = ok(await v2(entity, 'GET', '/calendars')).json.data[0].id as number;
    ok(await v2(entity, 'POST', '/time-off', { calendar_id: calendar, date: futureWorkingDate(71) }));
    expect(await messageOf(entity, `/time-off?calendar_id=${calendar}`)).toBe('2 periods of time off');
  });
});
