import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../shared/config';
import * as keys from '../../shared/db/keys';
import { INDEX } from '../../shared/db/keys';
import type { AppointmentRecord } from '../../shared/features/booking/domain/appointment';
import { dayEffectsOfAll, daysOf, POINTS } from '../../shared/features/booking/domain/day-stats';
import { searchTextOf, toClient } from '../../shared/features/booking/store/client-items';
import { documentClient } from '../../shared/wiring';

/** Every item of an entity's partition, straight from the table (for recounts). */
export async function partition(entityId: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `E#${entityId}` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of the table, page by page (a test file's table also holds its other subjects' items). */
export async function tableItems(): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const LIVE = new Set(['pending', 'confirmed', 'completed', 'no_show']);

/** The slots an appointment item holds a place in: every slot of a service, else its one slot. */
const held = (a: Record<string, unknown>): number[] =>
  Array.isArray(a.slot_ids) && a.slot_ids.length > 0 ? a.slot_ids.map(Number) : [Number(a.slot_id)];

/**
 * Recounts everything the write transactions maintain, from the stored appointments, and returns the
 * differences (empty when every counter is right): places taken per slot (never above capacity; an
 * appointment of a service holds one in each of its slots),
 * calendar counters, client appointment counts, and the flat statistics (driftOfDays): each client's
 * days, the day items' status counts, points and links, latest live days, calendar memberships.
 */
export async function counterDrift(entityId: string): Promise<string[]> {
  const items = await partition(entityId);
  const of = (type: string) => items.filter((i) => i.type === type);
  const appointments = of('appointment');
  const drift: string[] = [];
  const expect = (what: string, actual: unknown, wanted: unknown) => {
    if ((actual ?? 0) !== (wanted ?? 0))
      drift.push(`${what}: stored ${String(actual)}, recount ${String(wanted)}`);
  };

  for (const slot of of('slot')) {
    const live = appointments.filter(
      (a) => held(a).includes(Number(slot.slot_id)) && LIVE.has(String(a.status)),
    ).length;
    expect(`slot ${slot.slot_id} taken`, slot.taken, live);
    if (Number(slot.taken) > Number(slot.capacity)) drift.push(`slot ${slot.slot_id} over capacity`);
  }
  for (const calendar of of('calendar')) {
    const mine = appointments.filter((a) => a.calendar_id === calendar.calendar_id);
    for (const status of ['pending', 'confirmed', 'cancelled', 'completed', 'no_show']) {
      expect(
        `calendar ${calendar.calendar_id} ${status}_count`,
        calendar[`${status}_count`],
        mine.filter((a) => a.status === status).length,
      );
    }
    const slots = of('slot').filter((s) => s.calendar_id === calendar.calendar_id);
    expect(`calendar ${calendar.calendar_id} slots_count`, calendar.slots_count, slots.length);
    expect(
      `calendar ${calendar.calendar_id} capacity_total`,
      calendar.capacity_total,
      slots.reduce((n, s) => n + Number(s.capacity), 0),
    );
    expect(
      `calendar ${calendar.calendar_id} places_taken`,
      calendar.places_taken,
      mine.filter((a) => LIVE.has(String(a.status))).reduce((n, a) => n + held(a).length, 0),
    );
  }
  for (const client of of('client')) {
    const mine = appointments.filter((a) => a.client_id === client.client_id);
    expect(`client ${client.client_id} appointments_count`, client.appointments_count, mine.length);
  }
  driftOfDays(items, appointments, expect);
  // DynamoDB Local's stream gives an empty map without its type: no stream reader could read the item.
  for (const item of items)
    for (const [name, value] of Object.entries(item))
      if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Set))
        if (Object.keys(value).length === 0) drift.push(`${String(item.sk)} ${name}: an empty map`);
  const clients = of('client');
  const counters = of('counters')[0] ?? items.find((i) => i.sk === 'COUNTERS') ?? {};
  expect('total_clients', counters.total_clients, clients.length);
  expect(
    'repeat_clients',
    counters.repeat_clients,
    clients.filter((c) => Number(c.appointments_count) >= 2).length,
  );
  return drift;
}

/**
 * The flat statistics (shared/features/booking/domain/day-stats.ts), recounted from the appointments: each
 * client's days, the day items' status counts, points and links, clients by latest live date, calendar
 * memberships (the calendar's clients_count and the member's index keys).
 */
function driftOfDays(
  items: Array<Record<string, unknown>>,
  appointments: Array<Record<string, unknown>>,
  expect: (what: string, actual: unknown, wanted: unknown) => void,
): void {
  const of = (type: string) => items.filter((i) => i.type === type);
  const byClient = new Map<number, AppointmentRecord[]>();
  for (const a of appointments as unknown as AppointmentRecord[])
    byClient.set(Number(a.client_id), [...(byClient.get(Number(a.client_id)) ?? []), a]);
  const days = new Map([...byClient].map(([id, mine]) => [id, daysOf(mine)]));
  for (const client of of('client')) {
    const wanted = days.get(Number(client.client_id)) ?? { all: {}, live: {} };
    expect(
      `client ${client.client_id} days_all`,
      JSON.stringify(sorted(client.days_all)),
      JSON.stringify(sorted(wanted.all)),
    );
    expect(
      `client ${client.client_id} days_live`,
      JSON.stringify(sorted(client.days_live)),
      JSON.stringify(sorted(wanted.live)),
    );
  }
  const effects = dayEffectsOfAll(days.values());
  const wantedDay = new Map<string, Record<string, number>>();
  const dayOf = (date: string, scope: string) => {
    const id = `${date}|${scope}`;
    const row = wantedDay.get(id) ?? {};
    wantedDay.set(id, row);
    return row;
  };
  for (const a of appointments) {
    const row = dayOf(String(a.date), String(a.calendar_id));
    row[String(a.status)] = (row[String(a.status)] ?? 0) + 1;
  }
  for (const m of effects.stats) {
    const row = dayOf(m.date, String(m.scope));
    row[m.attribute] = (row[m.attribute] ?? 0) + m.delta;
  }
  const storedDay = new Map(of('day-stat').map((d) => [`${d.date}|${d.scope}`, d]));
  for (const id of new Set([...wantedDay.keys(), ...storedDay.keys()])) {
    const stored = storedDay.get(id) ?? {};
    const wanted = wantedDay.get(id) ?? {};
    const names = new Set([
      ...Object.keys(wanted),
      ...Object.keys(stored).filter((k) => k === POINTS || /^l\d{4}-/.test(k) || STATUSES.includes(k)),
    ]);
    for (const name of names) expect(`day ${id} ${name}`, Number(stored[name] ?? 0), wanted[name] ?? 0);
  }
  const storedLast = new Map(of('last-live-day').map((d) => [String(d.date), Number(d.count ?? 0)]));
  const wantedLast = new Map(effects.lastLive.map((l) => [l.date, l.delta]));
  for (const date of new Set([...storedLast.keys(), ...wantedLast.keys()]))
    expect(`last live ${date}`, storedLast.get(date) ?? 0, wantedLast.get(date) ?? 0);
  for (const calendar of of('calendar')) {
    const members = new Set(
      appointments.filter((a) => a.calendar_id === calendar.calendar_id).map((a) => Number(a.client_id)),
    );
    expect(
      `calendar ${calendar.calendar_id} clients_count`,
      Number(calendar.clients_count ?? 0),
      members.size,
    );
    const indexed = of('calendar-client').filter((m) => m.calendar_id === calendar.calendar_id && m.gsi4pk);
    expect(
      `calendar ${calendar.calendar_id} members in the index`,
      indexed
        .map((m) => Number(m.client_id))
        .sort()
        .join(','),
      [...members].sort().join(','),
    );
  }
}

const STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'];
const sorted = (map: unknown): Record<string, number> =>
  Object.fromEntries(
    Object.entries((map ?? {}) as Record<string, unknown>)
      .filter(([, n]) => Number(n) !== 0)
      .map(([k, n]) => [k, Number(n)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * What a client's names make, as stored (docs/CONTRACT.md#clients): on its item, the client-name and
 * client-email index keys and the search text; on each membership of a calendar in the index, its place by
 * name and the same search text. The differences, empty when every item follows its client's names.
 */
export async function clientNamesDrift(entityId: string): Promise<string[]> {
  const items = await partition(entityId);
  const drift: string[] = [];
  const expect = (what: string, actual: unknown, wanted: unknown) => {
    if (actual !== wanted) drift.push(`${what}: stored ${String(actual)}, from the names ${String(wanted)}`);
  };
  const clients = new Map(items.filter((i) => i.type === 'client').map((c) => [Number(c.client_id), c]));
  for (const [clientId, c] of clients) {
    const names = toClient(c);
    const indexes: Record<string, unknown> = keys.clientIndexes(entityId, {
      clientId,
      lastName: names.client_lastname,
      firstName: names.client_firstname,
      email: names.client_email,
      appointmentsCount: names.appointments_count,
    });
    expect(`client ${clientId} search_text`, c.search_text, searchTextOf(names));
    for (const attribute of [INDEX.clientName.sk, INDEX.clientEmail.pk])
      expect(`client ${clientId} ${attribute}`, c[attribute], indexes[attribute]);
  }
  for (const m of items.filter((i) => i.type === 'calendar-client' && i[INDEX.clientName.pk])) {
    const c = clients.get(Number(m.client_id));
    if (!c) {
      drift.push(`member ${String(m.sk)}: no client`);
      continue;
    }
    const names = toClient(c);
    const place: Record<string, unknown> = keys.calendarClientIndexes(entityId, {
      calendarId: Number(m.calendar_id),
      clientId: names.client_id,
      lastName: names.client_lastname,
      firstName: names.client_firstname,
    });
    expect(
      `member ${String(m.sk)} ${INDEX.clientName.sk}`,
      m[INDEX.clientName.sk],
      place[INDEX.clientName.sk],
    );
    expect(`member ${String(m.sk)} search_text`, m.search_text, searchTextOf(names));
  }
  return drift;
}
