import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { onlyIf, updateWhere } from '../db/expressions';
import { INDEX, keys } from '../db/keys';
import { queryCount, queryPage } from '../db/paging';
import type { TableHandle } from '../db/table-handle';
import { type TransactItem, TransactionRefused, transact } from '../db/transactions';
import { type AppointmentRecord, type ClientRecord, takesPlace } from '../domain/appointment';
import type { AppointmentFilter } from '../domain/listing';
import { clientFromItem } from './client-repository';
import { type SlotRecord, slotFromItem } from './slot-repository';

/** The appointment fields of an item or record, and nothing else (no keys, no index attributes). */
export function toAppointment(a: AppointmentRecord): AppointmentRecord {
  return {
    appointment_id: Number(a.appointment_id),
    calendar_id: Number(a.calendar_id),
    slot_id: Number(a.slot_id),
    client_id: Number(a.client_id),
    status: a.status,
    date: a.date,
    start_time: a.start_time,
    end_time: a.end_time,
    client_firstname: a.client_firstname,
    client_lastname: a.client_lastname,
    client_email: a.client_email ?? null,
    client_phone: a.client_phone,
    contract_number: a.contract_number ?? null,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/** Why a booking or a transition did not commit. `slot` carries the slot as it was, or null if gone. */
export type WriteOutcome =
  | { ok: true }
  | { ok: false; reason: 'slot'; slot: SlotRecord | null }
  | { ok: false; reason: 'calendar' }
  /** Someone else changed the appointment or the client first: read again and retry. */
  | { ok: false; reason: 'stale' };

export interface BookingPlan {
  appointment: AppointmentRecord;
  cancelTokenHash: string;
  /** The client as it will be after the booking, and its appointment count as read (null: new client). */
  client: ClientRecord;
  previousCount: number | null;
  /** Today in the entity's zone, for the new-clients-per-day counter. */
  today: string;
}

export interface TransitionPlan {
  before: AppointmentRecord;
  after: AppointmentRecord;
  /** The client's new last_appointment when a move changes it, conditioned on the count read. */
  client?: { record: ClientRecord; previousCount: number };
}

/**
 * Counter updates gathered per item, so that a transaction touches each item once even when an
 * appointment leaves and enters the same calendar or day (DynamoDB refuses two operations on one item).
 */
interface CounterEntry {
  key: { pk: string; sk: string };
  add: Map<string, number>;
  set: Record<string, unknown>;
  condition?: string;
}

class CounterBook {
  private readonly updates = new Map<string, CounterEntry>();

  private entry(key: { pk: string; sk: string }): CounterEntry {
    const id = `${key.pk}|${key.sk}`;
    let entry = this.updates.get(id);
    if (!entry) {
      entry = { key, add: new Map(), set: {} };
      this.updates.set(id, entry);
    }
    return entry;
  }

  add(
    key: { pk: string; sk: string },
    attribute: string,
    delta: number,
    set: Record<string, unknown> = {},
  ): this {
    const entry = this.entry(key);
    entry.add.set(attribute, (entry.add.get(attribute) ?? 0) + delta);
    Object.assign(entry.set, set);
    return this;
  }

  /** Requires the calendar to be active for this write (bookings, moves into it). */
  requireActive(key: { pk: string; sk: string }): this {
    this.entry(key).condition = 'is_active = :active';
    return this;
  }

  items(tableName: string): Array<{ item: TransactItem; key: { pk: string; sk: string } }> {
    const out: Array<{ item: TransactItem; key: { pk: string; sk: string } }> = [];
    for (const { key, add, set, condition } of this.updates.values()) {
      const adds = [...add.entries()].filter(([, delta]) => delta !== 0);
      const sets = Object.entries(set);
      if (adds.length === 0 && sets.length === 0 && !condition) continue;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const clauses: string[] = [];
      if (adds.length) {
        clauses.push(
          `ADD ${adds
            .map(([attribute, delta], i) => {
              names[`#a${i}`] = attribute;
              values[`:a${i}`] = delta;
              return `#a${i} :a${i}`;
            })
            .join(', ')}`,
        );
      }
      if (sets.length) {
        clauses.push(
          `SET ${sets
            .map(([attribute, value], i) => {
              names[`#s${i}`] = attribute;
              values[`:s${i}`] = value;
              return `#s${i} = :s${i}`;
            })
            .join(', ')}`,
        );
      }
      if (condition) values[':active'] = true;
      if (clauses.length === 0) {
        // Only a condition: a ConditionCheck, not an update.
        out.push({
          key,
          item: {
            ConditionCheck: {
              TableName: tableName,
              Key: key,
              ConditionExpression: condition,
              ExpressionAttributeValues: values,
            },
          },
        });
        continue;
      }
      out.push({
        key,
        item: {
          Update: {
            TableName: tableName,
            Key: key,
            UpdateExpression: clauses.join(' '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ...(condition ? { ConditionExpression: condition } : {}),
          },
        },
      });
    }
    return out;
  }
}

/** Adds (sign +1) or removes (sign -1) an appointment's share of every counter it feeds. */
function count(book: CounterBook, entityId: string, a: AppointmentRecord, sign: 1 | -1): void {
  const calendar = keys.calendar(entityId, a.calendar_id);
  book.add(calendar, `${a.status}_count`, sign);
  if (takesPlace(a.status)) book.add(calendar, 'places_taken', sign);
  book.add(keys.dayCounter(entityId, a.date, a.calendar_id, a.client_id), a.status, sign, {
    type: 'day-counter',
    date: a.date,
    calendar_id: a.calendar_id,
    client_id: a.client_id,
  });
  book.add(keys.calendarClient(entityId, a.calendar_id, a.client_id), 'appointments_count', sign, {
    type: 'calendar-client',
    calendar_id: a.calendar_id,
    client_id: a.client_id,
  });
}

export class AppointmentRepository {
  constructor(private readonly table: TableHandle) {}

  appointmentItem(entityId: string, a: AppointmentRecord, cancelTokenHash: string): Record<string, unknown> {
    // The record first, the keys last: keys are always derived from the record, never carried over.
    return {
      ...toAppointment(a),
      type: 'appointment',
      cancel_token_hash: cancelTokenHash,
      ...keys.appointment(entityId, a.appointment_id),
      ...keys.appointmentIndexes(entityId, {
        calendarId: a.calendar_id,
        clientId: a.client_id,
        date: a.date,
        startTime: a.start_time,
        appointmentId: a.appointment_id,
      }),
    };
  }

  clientItem(entityId: string, c: ClientRecord): Record<string, unknown> {
    return {
      ...clientFromItem(c as unknown as Record<string, unknown>),
      type: 'client',
      // Lower-cased names and e-mail, for the case-insensitive `search` filter.
      search_text: [c.client_lastname, c.client_firstname, c.client_email ?? ''].join('\u0001').toLowerCase(),
      ...keys.client(entityId, c.client_id),
      ...keys.clientIndexes(entityId, {
        clientId: c.client_id,
        lastName: c.client_lastname,
        firstName: c.client_firstname,
        email: c.client_email,
        appointmentsCount: c.appointments_count,
      }),
    };
  }

  /** Pattern: get an appointment by id (strongly consistent). */
  async get(
    entityId: string,
    appointmentId: number,
  ): Promise<(AppointmentRecord & { cancel_token_hash: string }) | null> {
    const result = await this.table.doc.send(
      new GetCommand({
        TableName: this.table.name,
        Key: keys.appointment(entityId, appointmentId),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return {
      ...toAppointment(result.Item as unknown as AppointmentRecord),
      cancel_token_hash: String(result.Item.cancel_token_hash ?? ''),
    };
  }

  /**
   * The query of an appointment list: the client's index when a client is named, else the calendar's,
   * else the entity's; all three sort by date, start time, id. Status (and calendar, on the client index)
   * are filters.
   */
  private listQuery(entityId: string, filter: AppointmentFilter) {
    const index =
      filter.clientId !== undefined
        ? INDEX.clientAppointments
        : filter.calendarId !== undefined
          ? INDEX.calendarDate
          : INDEX.entityDate;
    const pk =
      filter.clientId !== undefined
        ? keys.appointmentsOfClientPk(entityId, filter.clientId)
        : filter.calendarId !== undefined
          ? keys.appointmentsOfCalendarPk(entityId, filter.calendarId)
          : keys.appointmentsOfEntityPk(entityId);
    const filters: string[] = [];
    const values: Record<string, unknown> = {
      ':pk': pk,
      ':from': keys.appointmentsFrom(filter.dateFrom ?? '0000-00-00'),
      ':to': keys.appointmentsTo(filter.dateTo ?? '9999-12-31'),
    };
    const names: Record<string, string> = { '#pk': index.pk, '#sk': index.sk };
    if (filter.status !== undefined) {
      filters.push('#status = :status');
      names['#status'] = 'status';
      values[':status'] = filter.status;
    }
    if (filter.clientId !== undefined && filter.calendarId !== undefined) {
      filters.push('calendar_id = :calendar');
      values[':calendar'] = filter.calendarId;
    }
    return {
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };
  }

  /** Pattern: a page of appointments by date, start time and id, filtered. */
  async list(
    entityId: string,
    filter: AppointmentFilter,
    offset: number,
    limit: number,
  ): Promise<AppointmentRecord[]> {
    const items = await queryPage(this.table, this.listQuery(entityId, filter), offset, limit);
    return items.map((item) => toAppointment(item as unknown as AppointmentRecord));
  }

  /** Pattern: how many appointments a filter matches (a COUNT query over the same range). */
  async count(entityId: string, filter: AppointmentFilter): Promise<number> {
    return queryCount(this.table, this.listQuery(entityId, filter));
  }

  /** Pattern: find the appointment a cancel token belongs to, by the token's SHA-256. */
  async findByCancelToken(entityId: string, tokenHash: string): Promise<number | null> {
    const result = await this.table.doc.send(
      new GetCommand({
        TableName: this.table.name,
        Key: keys.cancelToken(entityId, tokenHash),
        ConsistentRead: true,
      }),
    );
    return result.Item ? Number(result.Item.appointment_id) : null;
  }

  /**
   * Pattern: book. One TransactWriteItems: take a place in the slot (exists, open, taken < capacity),
   * put the appointment and its cancel-token item (attribute_not_exists), put the client (new, or
   * conditioned on the count read), and move every statistics counter, with the calendar active.
   */
  async book(entityId: string, plan: BookingPlan): Promise<WriteOutcome> {
    const a = plan.appointment;
    const live = takesPlace(a.status);
    const t = this.table.name;
    const slotItem: TransactItem = live
      ? {
          Update: {
            TableName: t,
            Key: keys.slot(entityId, a.slot_id),
            ...updateWhere(
              'ADD #taken :one SET updated_at = :now',
              'attribute_exists(pk) AND #status = :open AND #taken < #capacity',
            ),
            ExpressionAttributeValues: { ':one': 1, ':open': 'open', ':now': a.created_at },
          },
        }
      : {
          ConditionCheck: {
            TableName: t,
            Key: keys.slot(entityId, a.slot_id),
            ...onlyIf('attribute_exists(pk) AND #status = :open AND #taken < #capacity'),
            ExpressionAttributeValues: { ':open': 'open' },
          },
        };
    const items: TransactItem[] = [
      slotItem,
      {
        Put: {
          TableName: t,
          Item: this.appointmentItem(entityId, a, plan.cancelTokenHash),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: t,
          Item: {
            ...keys.cancelToken(entityId, plan.cancelTokenHash),
            type: 'cancel-token',
            appointment_id: a.appointment_id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      plan.previousCount === null
        ? {
            Put: {
              TableName: t,
              Item: this.clientItem(entityId, plan.client),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }
        : {
            Put: {
              TableName: t,
              Item: this.clientItem(entityId, plan.client),
              ConditionExpression: 'appointments_count = :previous',
              ExpressionAttributeValues: { ':previous': plan.previousCount },
            },
          },
    ];
    if (plan.previousCount === null) {
      items.push({
        Put: {
          TableName: t,
          Item: {
            ...keys.clientPhone(entityId, plan.client.client_phone),
            type: 'client-phone',
            client_id: plan.client.client_id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    const book = new CounterBook();
    const calendarKey = keys.calendar(entityId, a.calendar_id);
    book.requireActive(calendarKey);
    count(book, entityId, a, 1);
    const previous = plan.previousCount ?? 0;
    const counters = keys.entityCounters(entityId);
    if (plan.previousCount === null) {
      book.add(counters, 'total_clients', 1);
      book.add(keys.newClientsDay(entityId, plan.today), 'count', 1, {
        type: 'new-clients-day',
        date: plan.today,
      });
    }
    if (previous === 0) book.add(counters, 'clients_with_appointments', 1);
    if (previous === 1) book.add(counters, 'repeat_clients', 1);
    return this.commit(items, book, { slotIndex: 0, calendarKey });
  }

  /**
   * Pattern: change an appointment's status and/or slot. One TransactWriteItems, conditioned on the
   * status and slot read: release the old place, take the new one (open, taken < capacity), move counters.
   */
  async transition(entityId: string, plan: TransitionPlan): Promise<WriteOutcome> {
    const { before, after } = plan;
    const t = this.table.name;
    const movedSlot = before.slot_id !== after.slot_id;
    const release = takesPlace(before.status) && (!takesPlace(after.status) || movedSlot);
    const take = takesPlace(after.status) && (!takesPlace(before.status) || movedSlot);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: t,
          Item: this.appointmentItem(
            entityId,
            after,
            (before as { cancel_token_hash?: string }).cancel_token_hash ?? '',
          ),
          ...onlyIf('#status = :status AND slot_id = :slot'),
          ExpressionAttributeValues: { ':status': before.status, ':slot': before.slot_id },
        },
      },
    ];
    let takeIndex = -1;
    if (take) {
      takeIndex = items.length;
      items.push({
        Update: {
          TableName: t,
          Key: keys.slot(entityId, after.slot_id),
          ...updateWhere(
            'ADD #taken :one SET updated_at = :now',
            'attribute_exists(pk) AND #status = :open AND #taken < #capacity',
          ),
          ExpressionAttributeValues: { ':one': 1, ':open': 'open', ':now': after.updated_at },
        },
      });
    }
    if (release) {
      items.push({
        Update: {
          TableName: t,
          Key: keys.slot(entityId, before.slot_id),
          ...updateWhere(
            'ADD #taken :minusOne SET updated_at = :now',
            'attribute_exists(pk) AND #taken > :zero',
          ),
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': after.updated_at },
        },
      });
    }
    if (plan.client) {
      items.push({
        Put: {
          TableName: t,
          Item: this.clientItem(entityId, plan.client.record),
          ConditionExpression: 'appointments_count = :previous',
          ExpressionAttributeValues: { ':previous': plan.client.previousCount },
        },
      });
    }
    const book = new CounterBook();
    count(book, entityId, before, -1);
    count(book, entityId, after, 1);
    const newCalendarKey = keys.calendar(entityId, after.calendar_id);
    if (before.calendar_id !== after.calendar_id) book.requireActive(newCalendarKey);
    return this.commit(items, book, {
      slotIndex: takeIndex,
      calendarKey: before.calendar_id !== after.calendar_id ? newCalendarKey : undefined,
    });
  }

  /**
   * Sends the items and the merged counter updates as one TransactWriteItems, and says why it was
   * refused: the watched slot's condition (with the slot as it was), the calendar's, or anything else
   * (a concurrent change of the appointment or the client: read again and retry).
   */
  private async commit(
    items: TransactItem[],
    book: CounterBook,
    watch: { slotIndex: number; calendarKey?: { pk: string; sk: string } | undefined },
  ): Promise<WriteOutcome> {
    const counterItems = book.items(this.table.name);
    const calendarAt = watch.calendarKey
      ? counterItems.findIndex(
          (c) => c.key.sk === watch.calendarKey?.sk && c.key.pk === watch.calendarKey?.pk,
        )
      : -1;
    const calendarIndex = calendarAt >= 0 ? items.length + calendarAt : -1;
    try {
      await transact(this.table, [...items, ...counterItems.map((c) => c.item)]);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const slot = watch.slotIndex >= 0 ? error.failed(watch.slotIndex) : undefined;
      if (slot) return { ok: false, reason: 'slot', slot: slot.item ? slotFromItem(slot.item) : null };
      if (calendarIndex >= 0 && error.failed(calendarIndex)) return { ok: false, reason: 'calendar' };
      return { ok: false, reason: 'stale' };
    }
  }
}
