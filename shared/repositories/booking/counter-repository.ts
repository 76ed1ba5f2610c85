import type { CounterUpdates } from '../../db/counters';
import { getItem } from '../../db/items';
import * as keys from '../../db/keys';
import { queryAll } from '../../db/paging';
import type { TableHandle } from '../../db/table-handle';
import { type AppointmentRecord, heldSlots, takesPlace } from '../../domain/booking/appointment';
import type { DayCounter, EntityCounters } from '../../domain/booking/listing';

/**
 * Adds (sign +1) or removes (sign -1) an appointment's share of every counter it feeds: its calendar's
 * status counts and places taken (one in each slot it holds), the day counter of (slot date, calendar, client), and the client's
 * count in the calendar.
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
  updates.add(keys.dayCounter(entityId, a.date, a.calendar_id, a.client_id), a.status, sign, {
    type: 'day-counter',
    date: a.date,
    calendar_id: a.calendar_id,
    client_id: a.client_id,
  });
  updates.add(keys.calendarClient(entityId, a.calendar_id, a.client_id), 'appointments_count', sign, {
    type: 'calendar-client',
    calendar_id: a.calendar_id,
    client_id: a.client_id,
  });
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

  /** Pattern: day counters of every calendar and client from one slot date to another. */
  async dayCounters(entityId: string, from: string, to: string): Promise<DayCounter[]> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.dayCounterPrefix(entityId).pk,
        ':from': keys.dayCountersFrom(from),
        ':to': keys.dayCountersTo(to),
      },
    });
    return items.map((i) => ({
      date: String(i.date),
      calendar_id: Number(i.calendar_id),
      client_id: Number(i.client_id),
      pending: Number(i.pending ?? 0),
      confirmed: Number(i.confirmed ?? 0),
      cancelled: Number(i.cancelled ?? 0),
      completed: Number(i.completed ?? 0),
    }));
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
