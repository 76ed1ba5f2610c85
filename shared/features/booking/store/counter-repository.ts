import type { CounterUpdates } from '../../../db/counters';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type AppointmentRecord, heldSlots, takesPlace } from '../domain/appointment';
import type { DayEffects, DayStatRow } from '../domain/day-stats';
import { POINTS } from '../domain/day-stats';
import type { EntityCounters } from '../domain/listing';

/**
 * Adds (sign +1) or removes (sign -1) an appointment's share of every counter it feeds: its calendar's
 * status counts and places taken (one in each slot it holds), the status counts of its (slot date,
 * calendar) day item, and the client's count in the calendar.
 */
export function countAppointment(
  updates: CounterUpdates,
  entityId: string,
  a: AppointmentRecord,
  sign: 1 | -1,
): void {
  const calendar = keys.calendar(entityId, a.calendar_id);
  updates.add(calendar, `${a.status}_count`, sign);
  if (takesPlace(a.status)) updates.add(calendar, 'places_taken', sign * heldSlots(a).length);
  updates.add(keys.dayStat(entityId, a.date, a.calendar_id), a.status, sign, {
    type: 'day-stat',
    date: a.date,
    scope: a.calendar_id,
  });
  updates.add(keys.calendarClient(entityId, a.calendar_id, a.client_id), 'appointments_count', sign, {
    type: 'calendar-client',
    calendar_id: a.calendar_id,
    client_id: a.client_id,
  });
}

/**
 * Moves what a change of one client's days moves (shared/features/booking/domain/day-stats.ts): points and links on
 * the day items of each scope, clients by latest live date, calendar memberships (the calendar's
 * `clients_count`, and the calendar-client item's place in the calendar's index of clients by name).
 */
export function countClientDays(
  updates: CounterUpdates,
  entityId: string,
  effects: DayEffects,
  client: { clientId: number; lastName: string; firstName: string; searchText: string },
): void {
  for (const m of effects.stats) {
    updates.add(keys.dayStat(entityId, m.date, m.scope), m.attribute, m.delta, {
      type: 'day-stat',
      date: m.date,
      scope: m.scope,
    });
  }
  for (const l of effects.lastLive) {
    updates.add(keys.lastLiveDay(entityId, l.date), 'count', l.delta, {
      type: 'last-live-day',
      date: l.date,
    });
  }
  for (const c of effects.calendars) {
    updates.add(keys.calendar(entityId, c.calendarId), 'clients_count', c.delta);
    const member = keys.calendarClient(entityId, c.calendarId, client.clientId);
    if (c.delta > 0) {
      updates.put(member, {
        ...keys.calendarClientIndexes(entityId, { calendarId: c.calendarId, ...client }),
        search_text: client.searchText,
      });
    } else {
      updates.drop(member, [INDEX.clientName.pk, INDEX.clientName.sk]);
    }
  }
}

/** A day item as read. */
export function toDayStat(i: Record<string, unknown>): DayStatRow {
  const links: Record<string, number> = {};
  for (const [name, value] of Object.entries(i)) {
    // Link attributes are `l<date>` (linkAttribute); zeros are links that came and went.
    if (/^l\d{4}-\d\d-\d\d$/.test(name) && Number(value) !== 0) links[name.slice(1)] = Number(value);
  }
  return {
    date: String(i.date),
    scope: i.scope === 'all' ? 'all' : Number(i.scope),
    pending: Number(i.pending ?? 0),
    confirmed: Number(i.confirmed ?? 0),
    cancelled: Number(i.cancelled ?? 0),
    completed: Number(i.completed ?? 0),
    no_show: Number(i.no_show ?? 0),
    points: Number(i[POINTS] ?? 0),
    links,
  };
}

/**
 * The entity's client counters after a booking by a client who had `previousCount` appointments (null:
 * a new client, created on `today`).
 */
export function countClientBooking(
  updates: CounterUpdates,
  entityId: string,
  previousCount: number | null,
  today: string,
): void {
  const counters = keys.entityCounters(entityId);
  if (previousCount === null) {
    updates.add(counters, 'total_clients', 1);
    updates.add(keys.newClientsDay(entityId, today), 'count', 1, { type: 'new-clients-day', date: today });
  }
  const previous = previousCount ?? 0;
  if (previous === 0) updates.add(counters, 'clients_with_appointments', 1);
  if (previous === 1) updates.add(counters, 'repeat_clients', 1);
}

/** Reads of the statistics counters that the write transactions keep (see docs/design/data-model.md). */
export class CounterRepository {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: the day items of every scope from one slot date to another ((calendars + 1) a day). */
  async dayStats(entityId: string, from: string, to: string): Promise<DayStatRow[]> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.entity(entityId).pk,
        ':from': keys.dayStatsFrom(from),
        ':to': keys.dayStatsTo(to),
      },
    });
    return items.map(toDayStat);
  }

  /** Pattern: clients whose latest live appointment is on `from` or later (one item per such date). */
  async activeClients(entityId: string, from: string): Promise<number> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.entity(entityId).pk,
        ':from': keys.lastLiveDay(entityId, from).sk,
        ':to': keys.lastLiveDaysTo(),
      },
    });
    return items.reduce((sum, i) => sum + Number(i.count ?? 0), 0);
  }

  /** Pattern: the entity's client counters. */
  async entityCounters(entityId: string): Promise<EntityCounters> {
    const item = (await getItem(this.table, keys.entityCounters(entityId))) ?? {};
    return {
      total_clients: Number(item.total_clients ?? 0),
      clients_with_appointments: Number(item.clients_with_appointments ?? 0),
      repeat_clients: Number(item.repeat_clients ?? 0),
    };
  }

  /** Pattern: clients created from one date to another (entity time zone). */
  async newClients(entityId: string, from: string, to: string): Promise<number> {
    const prefix = keys.newClientsDayPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': prefix.pk,
        ':from': keys.newClientsDay(entityId, from).sk,
        ':to': keys.newClientsDay(entityId, to).sk,
      },
    });
    return items.reduce((sum, i) => sum + Number(i.count ?? 0), 0);
  }
}
