import { CONDITION } from '../../../shared/db/conditions';
import { bookedAppointment, bookedClient } from '../../../shared/features/booking/services/booking-records';
import { BookingRepository } from '../../../shared/features/booking/store/booking-repository';
import { documentClient, repositories, table } from '../../../shared/wiring';
import { type Answer, viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { clientNamesDrift, counterDrift } from '../../support/invariants';

/**
 * A client takes the names and e-mail of the latest booking the business makes itself (v1 token, v2 token,
 * a staff session), in every place its names reach: its item (names, search text, the name and e-mail
 * indexes) and its memberships of calendars (each calendar's list by name, searched) — in the booking's one
 * transaction, and only when something changes (docs/CONTRACT.md#clients). Through the handlers, on
 * DynamoDB Local; every TransactWriteItems is recorded (its items and the write units it consumed).
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
type Item = Record<string, Record<string, unknown>>;
type Written = { items: Item[]; units: number };
const written: Written[] = [];
const RECORDER = 'clientNamesWrites';
const ORIGIN = 'https://www.example.fr';

beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (String(context.commandName) !== 'TransactWriteItemsCommand') return next(args);
      const input = args.input as { TransactItems: Item[]; ReturnConsumedCapacity?: string };
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: Array<{ CapacityUnits?: number }> })
        .ConsumedCapacity;
      const units = (consumed ?? []).reduce((sum, c) => sum + Number(c.CapacityUnits ?? 0), 0);
      written.push({ items: input.TransactItems, units });
      return result;
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove(RECORDER);
});

const ok = (answer: Answer) => {
  expect({ status: answer.status, text: answer.status === 200 ? '' : answer.text }).toEqual({
    status: 200,
    text: '',
  });
  return answer.json.data;
};

/** An entity with two calendars, a day of slots in each, and its v1 and v2 calls. */
async function salon(daysAhead: number, settings: Record<string, unknown> = {}) {
  const entity = await newEntity({ hours: ALWAYS_OPEN, settings });
  const v2 = (method: string, path: string, body?: unknown, headers = entity.v2) =>
    viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const v1 = (method: string, path: string, body?: unknown) =>
    viaHandler(method, `/api${path}`, { headers: entity.v1, ...(body === undefined ? {} : { body }) });
  const second = ok(await v2('POST', '/calendars', { name: 'Second chair' })).id as number;
  const date = futureWorkingDate(daysAhead);
  const slotsOf = async (calendarId?: number) =>
    (
      ok(
        await v2('POST', '/calendar-slots/generate', {
          date,
          max_appointments: 4,
          ...(calendarId ? { calendar_id: calendarId } : {}),
        }),
      ) as Array<{ id: number }>
    ).map((s) => s.id);
  const first = ok(await v2('GET', '/calendars')).find((c: { id: number }) => c.id !== second).id as number;
  return { entity, v1, v2, first, second, one: await slotsOf(), two: await slotsOf(second) };
}

/** The ids of a v1 client list. */
const ids = (answer: Answer): number[] => ok(answer).map((c: { client_id: number }) => c.client_id);

/** The client's item and every place its names are listed, as v1 answers them. */
async function listed(s: Awaited<ReturnType<typeof salon>>, clientId: number, words: string[]) {
  const out: Record<string, number[]> = {};
  for (const word of words) {
    const search = encodeURIComponent(word);
    out[`all ${word}`] = ids(await s.v1('GET', `/clients?search=${search}`)).filter((id) => id === clientId);
    out[`first ${word}`] = ids(await s.v1('GET', `/clients/${s.first}?search=${search}`)).filter(
      (id) => id === clientId,
    );
    out[`second ${word}`] = ids(await s.v1('GET', `/clients/${s.second}?search=${search}`)).filter(
      (id) => id === clientId,
    );
  }
  return out;
}

const everywhere = (clientId: number, words: string[], found: boolean) =>
  Object.fromEntries(
    words.flatMap((w) =>
      ['all', 'first', 'second'].map((where) => [`${where} ${w}`, found ? [clientId] : []]),
    ),
  );

describe('a booking the business makes itself', () => {
  it('v2 (secret token): renames the client, its e-mail and its place in every calendar’s list', async () => {
    const s = await salon(24);
    const phone = mobile(301);
    const book = (slot: number | undefined, body: Record<string, unknown>) =>
      s.v2('POST', '/appointments', { client_phone: phone, slot_id: slot, ...body });
    const alice = { client_name: 'Alice Zola', client_email: 'alice@example.fr' };
    const firstBooking = ok(await book(s.one[0], alice));
    ok(await book(s.two[0], alice));
    const clientId = firstBooking.client_id as number;
    // Another client of the second calendar, to see the renamed one change places in its list by name.
    const bob = ok(
      await s.v2('POST', '/appointments', {
        client_name: 'Bob Nadal',
        client_phone: mobile(302),
        slot_id: s.two[1],
      }),
    ).client_id as number;
    expect(ids(await s.v1('GET', `/clients/${s.second}`))).toEqual([bob, clientId]);

    const renamed = ok(await book(s.one[1], { client_name: 'Zoé Abadie', client_email: 'zoe@example.fr' }));
    expect(renamed).toMatchObject({ client_id: clientId, client_name: 'Zoé Abadie' });
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_firstname: 'Zoé',
      client_lastname: 'Abadie',
      client_email: 'zoe@example.fr',
      appointments_count: 3,
    });
    expect(await listed(s, clientId, ['abadie', 'zoé', 'zoe@example'])).toEqual(
      everywhere(clientId, ['abadie', 'zoé', 'zoe@example'], true),
    );
    expect(await listed(s, clientId, ['zola', 'alice'])).toEqual(
      everywhere(clientId, ['zola', 'alice'], false),
    );
    // The lists by name put it where its new name sorts; the e-mail index follows its new e-mail.
    expect(ids(await s.v1('GET', `/clients/${s.second}`))).toEqual([clientId, bob]);
    expect(ids(await s.v1('GET', '/clients'))).toEqual([clientId, bob]);
    expect(ids(await s.v1('GET', '/clients?email=zoe@example.fr'))).toEqual([clientId]);
    expect(ids(await s.v1('GET', '/clients?email=alice@example.fr'))).toEqual([]);
    // Each appointment keeps the names it was booked with.
    expect(ok(await s.v1('GET', `/appointments/${firstBooking.id}`))).toMatchObject({
      client_firstname: 'Alice',
      client_lastname: 'Zola',
      client_email: 'alice@example.fr',
    });
    // A booking without an e-mail renames, and keeps the stored e-mail.
    ok(await book(s.two[2], { client_name: 'Zoé Abadie-Roux' }));
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_firstname: 'Zoé',
      client_lastname: 'Abadie-Roux',
      client_email: 'zoe@example.fr',
    });
    expect(await listed(s, clientId, ['abadie-roux'])).toEqual(everywhere(clientId, ['abadie-roux'], true));
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('v1 (POST /api/appointment): renames the client and its memberships in every calendar', async () => {
    const s = await salon(25);
    const phone = mobile(303);
    const book = (calendarId: number, slot: number | undefined, first: string, last: string, email: string) =>
      s.v1('POST', '/appointment', {
        calendar_id: calendarId,
        slot_id: slot,
        client_firstname: first,
        client_lastname: last,
        client_email: email,
        client_phone: phone,
      });
    const clientId = ok(await book(s.first, s.one[0], 'Marc', 'Petit', 'marc@example.fr')).appointment
      .client_id as number;
    ok(await book(s.second, s.two[0], 'Marc', 'Petit', 'marc@example.fr'));
    ok(await book(s.second, s.two[1], 'Marcel', 'Grand', 'marcel@example.fr'));
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_firstname: 'Marcel',
      client_lastname: 'Grand',
      client_email: 'marcel@example.fr',
      appointments_count: 3,
    });
    expect(await listed(s, clientId, ['grand', 'marcel@'])).toEqual(
      everywhere(clientId, ['grand', 'marcel@'], true),
    );
    expect(await listed(s, clientId, ['petit', 'marc@'])).toEqual(
      everywhere(clientId, ['petit', 'marc@'], false),
    );
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('a service booked with the secret token renames too; one booked with a publishable key does not', async () => {
    const s = await salon(28);
    const key = ok(await s.v2('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })).key as string;
    const cut = ok(await s.v2('POST', '/services', { name: 'Cut', duration: 60, calendar_ids: [s.second] }))
      .id as number;
    const phone = mobile(306);
    const clientId = ok(
      await s.v2('POST', '/appointments', {
        client_name: 'Paul Klee',
        client_phone: phone,
        slot_id: s.one[0],
      }),
    ).client_id as number;
    const date = futureWorkingDate(28);
    const service = (start_time: string, client_name: string, headers = s.entity.v2) =>
      s.v2(
        'POST',
        '/appointments',
        { service_id: cut, date, start_time, client_name, client_phone: phone },
        headers,
      );
    ok(await service('10:00', 'Paul Miró'));
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_firstname: 'Paul',
      client_lastname: 'Miró',
    });
    expect(await listed(s, clientId, ['miró'])).toEqual(everywhere(clientId, ['miró'], true));
    ok(await service('11:00', 'Eve Intruder', { 'Access-Token': key, Origin: ORIGIN }));
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_firstname: 'Paul',
      client_lastname: 'Miró',
    });
    expect(await listed(s, clientId, ['intruder'])).toEqual(everywhere(clientId, ['intruder'], false));
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('with the names and e-mail stored, writes what a publishable key’s booking writes: nothing more', async () => {
    // No live caps: a key's booking then writes the items the business's does (docs/CONTRACT.md#live-caps).
    const s = await salon(26, { max_live_bookings_per_visitor: 0, max_live_bookings_per_contact: 0 });
    const key = ok(await s.v2('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })).key as string;
    const phone = mobile(304);
    const body = { client_name: 'Léa Morel', client_email: 'lea@example.fr', client_phone: phone };
    const clientId = ok(await s.v2('POST', '/appointments', { ...body, slot_id: s.one[0] })).client_id;
    ok(await s.v2('POST', '/appointments', { ...body, slot_id: s.two[0] }));
    const transaction = async (slot: number | undefined, headers: Entity['v2'], names = body) => {
      written.length = 0;
      ok(await s.v2('POST', '/appointments', { ...names, slot_id: slot }, headers));
      expect(written).toHaveLength(1);
      return written[0] as Written;
    };
    const byKey = await transaction(s.one[1], { 'Access-Token': key, Origin: ORIGIN });
    const byToken = await transaction(s.one[2], s.entity.v2);
    const renamed = await transaction(s.one[3], s.entity.v2, { ...body, client_name: 'Léa Morel-Vidal' });
    // Each written item, by kind (ids aside), and what the client's update says.
    const shape = (w: Written) =>
      w.items
        .map((i) => {
          const [kind, op] = Object.entries(i)[0] ?? [];
          const key = (op?.Key ?? op?.Item) as { sk?: string } | undefined;
          const sk = String(key?.sk);
          return `${kind} ${sk.replace(/^(SLOT|APPT)#.*/, '$1')}`;
        })
        .sort();
    const clientUpdate = (w: Written) =>
      w.items
        .flatMap((i) => (i.Update ? [i.Update] : []))
        .find((u) => String((u.Key as { sk: string }).sk).startsWith('CLIENT#')) as Record<string, unknown>;
    expect(shape(byToken)).toEqual(shape(byKey));
    expect(clientUpdate(byToken).UpdateExpression).toBe(clientUpdate(byKey).UpdateExpression);
    // Only a condition more (the names read: a condition writes nothing).
    const guard = ` AND ${CONDITION.clientNamesAsRead} AND ${CONDITION.clientEmailAsRead}`;
    expect(String(clientUpdate(byToken).ConditionExpression)).toContain(guard);
    expect(String(clientUpdate(byToken).ConditionExpression).replace(guard, '')).toBe(
      clientUpdate(byKey).ConditionExpression,
    );
    expect(byToken.units).toBe(byKey.units);
    expect(shape(byToken).filter((k) => k.includes('CALCLIENT#'))).toHaveLength(1);
    // A rename writes the membership of the other calendar too, and the client's names, on what was read.
    const members = shape(renamed).filter((k) => k.includes('CALCLIENT#'));
    expect(members).toHaveLength(2);
    expect(shape(renamed)).toHaveLength(shape(byToken).length + 1);
    expect(String(clientUpdate(renamed).UpdateExpression)).toMatch(/#client_lastname = /);
    expect(String(clientUpdate(renamed).ConditionExpression)).toContain('#client_lastname = :readLast');
    expect(renamed.units).toBeGreaterThan(byToken.units);
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({ client_lastname: 'Morel-Vidal' });
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('a booking of the business on a read a moment old, with the names that read shows, is retried on the names stored', async () => {
    const s = await salon(29);
    const phone = mobile(307);
    const book = (slot: number | undefined, client_name: string) =>
      s.v2('POST', '/appointments', { client_name, client_phone: phone, slot_id: slot });
    const clientId = ok(await book(s.one[0], 'Nina Roth')).client_id as number;
    const account = s.entity.entity_account_id;
    const stores = repositories(table());
    const before = await stores.clients.get(account, clientId);
    ok(await book(s.one[1], 'Nina Weiss'));
    // A booking by the business with the names Roth, on the client as read before the rename to Weiss (its
    // days as they are now, so that only the names are stale): the names it would leave are not the latest
    // booking's, so it is refused as stale and retried on a fresh read.
    const now = await stores.clients.get(account, clientId);
    const slot = await stores.slots.get(account, s.one[2] as number);
    const calendar = await stores.calendars.get(account, s.first);
    if (!before || !now || !slot || !calendar) throw new Error('not stored');
    const existing = {
      ...now,
      client_firstname: before.client_firstname,
      client_lastname: before.client_lastname,
    };
    const request = {
      calendarId: s.first,
      slotId: slot.slot_id,
      firstname: 'Nina',
      lastname: 'Roth',
      email: null,
      phone: now.client_phone,
      contractNumber: null,
      status: 'confirmed' as const,
    };
    const at = new Date().toISOString();
    const plan = (takesNames: boolean, appointmentId: number) => ({
      appointment: bookedAppointment({ appointmentId, calendar, slot, clientId, request, now: at }),
      cancelTokenHash: 'f'.repeat(64),
      client: bookedClient({ existing, newId: 0, request, slot, now: at, byBusiness: takesNames }),
      existing,
      today: slot.date,
      ...(takesNames ? { takesNames: true as const } : {}),
    });
    const bookings = new BookingRepository(table());
    expect(await bookings.book(account, plan(true, 990_001))).toEqual({ ok: false, reason: 'stale' });
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({ client_lastname: 'Weiss' });
    // The same read, through the service: a fresh read renames to Roth, the latest booking's.
    ok(await book(s.one[2], 'Nina Roth'));
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({ client_lastname: 'Roth' });
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('concurrent renames, and public bookings joining a calendar, leave every list under one name', async () => {
    const s = await salon(27);
    const key = ok(await s.v2('POST', '/keys', { name: 'site', allowed_origins: [ORIGIN] })).key as string;
    const phone = mobile(305);
    const book = (slot: number | undefined, client_name: string, headers = s.entity.v2) =>
      s.v2('POST', '/appointments', { client_phone: phone, slot_id: slot, client_name }, headers);
    const clientId = ok(await book(s.one[0], 'Anne Roy')).client_id as number;
    // The client joins the second calendar by a public booking (with the names it read) while the business
    // renames it twice: whichever commits first, the others are tried again on what it wrote.
    const answers = await Promise.all([
      book(s.one[1], 'Anne Durand'),
      book(s.two[0], 'Anne Roy', { 'Access-Token': key, Origin: ORIGIN }),
      book(s.one[2], 'Anne Bernard'),
      book(s.two[1], 'Anne Roy', { 'Access-Token': key, Origin: ORIGIN }),
    ]);
    for (const answer of answers) ok(answer);
    const client = ok(await s.v1('GET', `/clients/${clientId}`));
    expect(['Durand', 'Bernard']).toContain(client.client_lastname);
    expect(client.appointments_count).toBe(5);
    const word = String(client.client_lastname).toLowerCase();
    expect(await listed(s, clientId, [word])).toEqual(everywhere(clientId, [word], true));
    expect(await listed(s, clientId, ['roy'])).toEqual(everywhere(clientId, ['roy'], false));
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  });
  it('a client in more calendars than one transaction can rename is booked all the same, its names kept', async () => {
    const s = await salon(29);
    const phone = mobile(306);
    const date = futureWorkingDate(29);
    const book = (slot: number | undefined, client_name: string) =>
      s.v2('POST', '/appointments', { client_phone: phone, slot_id: slot, client_name });
    const clientId = ok(await book(s.one[0], 'Lea Morel')).client_id as number;
    ok(await book(s.two[0], 'Lea Morel'));
    // 98 calendars in all: renaming its memberships would take over DynamoDB's 100 items a transaction.
    for (let i = 0; i < 96; i++) {
      const calendar = ok(await s.v2('POST', '/calendars', { name: `Chair ${i}` })).id as number;
      const [slot] = ok(
        await s.v2('POST', '/calendar-slots/generate', { date, duration: 120, calendar_id: calendar }),
      ) as Array<{ id: number }>;
      ok(await book(slot?.id, 'Lea Morel'));
    }
    const answer = ok(await book(s.one[1], 'Lea Garnier'));
    expect(answer).toMatchObject({ client_id: clientId, client_name: 'Lea Garnier' });
    expect(ok(await s.v1('GET', `/clients/${clientId}`))).toMatchObject({
      client_lastname: 'Morel',
      appointments_count: 99,
    });
    const account = s.entity.entity_account_id;
    expect(await clientNamesDrift(account)).toEqual([]);
    expect(await counterDrift(account)).toEqual([]);
  }, 180_000);
});
