import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../shared/config';
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

const LIVE = new Set(['pending', 'confirmed', 'completed']);

/** The slots an appointment item holds a place in: every slot of a service, else its one slot. */
const held = (a: Record<string, unknown>): number[] =>
  Array.isArray(a.slot_ids) && a.slot_ids.length > 0 ? a.slot_ids.map(Number) : [Number(a.slot_id)];

/**
 * Recounts everything the write transactions maintain, from the stored appointments, and returns the
 * differences (empty when every counter is right): places taken per slot (never above capacity; an
 * appointment of a service holds one in each of its slots),
 * calendar counters, day counters, calendar-client memberships and client appointment counts.
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
    for (const status of ['pending', 'confirmed', 'cancelled', 'completed']) {
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
  const dayKeys = new Set([
    ...of('day-counter').map((d) => `${d.date}|${d.calendar_id}|${d.client_id}`),
    ...appointments.map((a) => `${a.date}|${a.calendar_id}|${a.client_id}`),
  ]);
  for (const key of dayKeys) {
    const [date, calendarId, clientId] = key.split('|');
    const counter = of('day-counter').find((d) => `${d.date}|${d.calendar_id}|${d.client_id}` === key) ?? {};
    const mine = appointments.filter((a) => `${a.date}|${a.calendar_id}|${a.client_id}` === key);
    for (const status of ['pending', 'confirmed', 'cancelled', 'completed']) {
      expect(
        `day ${date} calendar ${calendarId} client ${clientId} ${status}`,
        counter[status],
        mine.filter((a) => a.status === status).length,
      );
    }
  }
  for (const client of of('client')) {
    const mine = appointments.filter((a) => a.client_id === client.client_id);
    expect(`client ${client.client_id} appointments_count`, client.appointments_count, mine.length);
  }
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
