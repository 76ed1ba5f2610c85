import { CONDITION } from '../../db/conditions';
import { updateWhere } from '../../db/expressions';
import { getItem, getItems } from '../../db/items';
import * as keys from '../../db/keys';
import { INDEX, RANK_STEP } from '../../db/keys';
import { queryAll, queryCount, queryPage, queryPageNearestEnd, startKeyOf } from '../../db/paging';
import type { TableHandle } from '../../db/table-handle';
import type { TransactItem } from '../../db/transactions';
import type { ClientRecord } from '../../domain/booking/appointment';
import type { ClientFilter, ClientPlace } from '../../domain/booking/listing';

export const toClient = (item: Record<string, unknown>): ClientRecord => ({
  client_id: Number(item.client_id),
  client_firstname: String(item.client_firstname ?? ''),
  client_lastname: String(item.client_lastname ?? ''),
  client_email: (item.client_email as string | null | undefined) ?? null,
  client_phone: String(item.client_phone ?? ''),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  appointments_count: Number(item.appointments_count ?? 0),
  last_appointment: (item.last_appointment as string | null | undefined) ?? null,
});

/** The keys of a client's item, the table's and its indexes', from the fields they are made of. */
const clientKeys = (entityId: string, c: ClientPlace, appointmentsCount: number) => ({
  ...keys.client(entityId, c.client_id),
  ...keys.clientIndexes(entityId, {
    clientId: c.client_id,
    lastName: c.client_lastname,
    firstName: c.client_firstname,
    email: c.client_email,
    appointmentsCount,
  }),
});

/** The item of a client, with its name, e-mail and rank index keys. */
export function clientItem(entityId: string, c: ClientRecord): Record<string, unknown> {
  return {
    ...toClient(c as unknown as Record<string, unknown>),
    type: 'client',
    // Lower-cased names and e-mail, for the case-insensitive `search` filter.
    search_text: [c.client_lastname, c.client_firstname, c.client_email ?? ''].join('\u0001').toLowerCase(),
    ...clientKeys(entityId, c, c.appointments_count),
  };
}

/** The item that finds a client by phone and keeps phones unique. */
export const clientPhoneItem = (entityId: string, e164: string, clientId: number) => ({
  ...keys.clientPhone(entityId, e164),
  type: 'client-phone',
  client_id: clientId,
});

/**
 * A booking by a known client: its count moves by ADD, so concurrent bookings by one client never
 * conflict on it. Its names and e-mail stay as stored (docs/CONTRACT.md#clients): whoever knows a phone
 * number must not rewrite someone's contact details; the appointment keeps what it was booked with. The
 * condition is monotone: only the client's first and second bookings (which move the entity's client
 * counters) are tied to the count read, and last_appointment only ever moves later.
 */
export function clientBookingUpdate(
  tableName: string,
  entityId: string,
  c: ClientRecord,
  read: Pick<ClientRecord, 'appointments_count' | 'last_appointment'>,
): TransactItem {
  const item: Record<string, unknown> = { updated_at: c.updated_at, last_appointment: c.last_appointment };
  const sets = ['updated_at'];
  const raisesLast = c.last_appointment !== null && (read.last_appointment ?? '') < c.last_appointment;
  if (raisesLast) sets.push('last_appointment');
  const countCondition =
    read.appointments_count >= 2 ? CONDITION.clientIsRepeat : CONDITION.clientCountAsRead;
  const condition = [
    CONDITION.exists,
    countCondition,
    ...(raisesLast ? [CONDITION.lastAppointmentNotLater] : []),
  ].join(' AND ');
  const update = `ADD #appointments_count :one, #${INDEX.clientRank.sk} :rankStep SET ${sets.map((k) => `#${k} = :${k}`).join(', ')}`;
  return {
    Update: {
      TableName: tableName,
      Key: keys.client(entityId, c.client_id),
      ...updateWhere(update, condition),
      ExpressionAttributeValues: {
        ':one': 1,
        ':rankStep': RANK_STEP,
        ...(read.appointments_count >= 2 ? { ':two': 2 } : { ':read': read.appointments_count }),
        ...Object.fromEntries(sets.map((k) => [`:${k}`, item[k] ?? null])),
      },
    },
  };
}

/** A move that changes a client's latest appointment date, conditioned on the date read. */
export function clientLastAppointmentUpdate(
  tableName: string,
  entityId: string,
  change: { clientId: number; lastAppointment: string; read: string | null },
  now: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.client(entityId, change.clientId),
      ...updateWhere(
        'SET #last_appointment = :last, #updated_at = :now',
        change.read === null ? CONDITION.noLastAppointment : CONDITION.lastAppointmentAsRead,
      ),
      ExpressionAttributeValues: {
        ':last': change.lastAppointment,
        ':now': now,
        ...(change.read === null ? {} : { ':read': change.read }),
      },
    },
  };
}

export class ClientRepository {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: get a client by id (strongly consistent). */
  async get(entityId: string, clientId: number): Promise<ClientRecord | null> {
    const item = await getItem(this.table, keys.client(entityId, clientId));
    return item ? toClient(item) : null;
  }

  /** Pattern: find a client by phone (E.164): the phone item names the client. */
  async findByPhone(entityId: string, e164: string): Promise<ClientRecord | null> {
    const phone = await getItem(this.table, keys.clientPhone(entityId, e164));
    if (!phone) return null;
    return this.get(entityId, Number(phone.client_id));
  }

  /**
   * The query of a client list: by exact e-mail on the client-email index, else by name on the
   * client-name index; search and creation bounds are filters.
   */
  private listQuery(entityId: string, filter: ClientFilter) {
    const index = filter.email !== undefined ? INDEX.clientEmail : INDEX.clientName;
    const pk =
      filter.email !== undefined
        ? INDEX.clientEmail.partition(entityId, filter.email)
        : INDEX.clientName.partition(entityId);
    const filters: string[] = [];
    const values: Record<string, unknown> = { ':pk': pk };
    if (filter.search) {
      filters.push('contains(search_text, :search)');
      values[':search'] = filter.search.toLowerCase();
    }
    if (filter.createdFrom) {
      filters.push('created_at >= :createdFrom');
      values[':createdFrom'] = filter.createdFrom;
    }
    if (filter.createdTo) {
      filters.push('created_at <= :createdTo');
      values[':createdTo'] = filter.createdTo;
    }
    if (filter.phone) {
      filters.push('client_phone = :phone');
      values[':phone'] = filter.phone;
    }
    return {
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: { '#pk': index.pk },
      ExpressionAttributeValues: values,
    };
  }

  /** Pattern: a page of clients by last name, first name, id (or of one e-mail), filtered. */
  async list(
    entityId: string,
    filter: ClientFilter,
    offset: number,
    limit: number,
    total?: number,
    after?: ClientPlace,
  ): Promise<ClientRecord[]> {
    const query = this.listQuery(entityId, filter);
    // A cursor's start: the keys the client item of `after` has, built from its fields.
    const from =
      after &&
      startKeyOf(
        clientKeys(entityId, after, 0),
        filter.email !== undefined ? INDEX.clientEmail : INDEX.clientName,
      );
    const items = await queryPageNearestEnd(this.table, query, offset, limit, total, from);
    return items.map(toClient);
  }

  /** Pattern: how many clients a filter matches. */
  async count(entityId: string, filter: ClientFilter): Promise<number> {
    return queryCount(this.table, this.listQuery(entityId, filter));
  }

  /** Pattern: clients of a calendar (calendar-client items with appointments there), then their records. */
  async ofCalendar(entityId: string, calendarId: number): Promise<ClientRecord[]> {
    const prefix = keys.calendarClientPrefix(entityId, calendarId);
    const members = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      FilterExpression: 'appointments_count > :zero',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk, ':zero': 0 },
    });
    const clients = await this.getMany(
      entityId,
      members.map((m) => Number(m.client_id)),
    );
    return [...clients.values()];
  }

  /** Pattern: the clients with the most appointments, then the newest (client-rank index, descending). */
  async top(entityId: string, limit: number): Promise<ClientRecord[]> {
    const items = await queryPage(
      this.table,
      {
        IndexName: INDEX.clientRank.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': INDEX.clientRank.pk },
        ExpressionAttributeValues: { ':pk': INDEX.clientRank.partition(entityId) },
        ScanIndexForward: false,
      },
      0,
      limit,
    );
    return items.map(toClient);
  }

  /** Pattern: get several clients by id (BatchGetItem). */
  async getMany(entityId: string, clientIds: number[]): Promise<Map<number, ClientRecord>> {
    const unique = [...new Set(clientIds)];
    const items = await getItems(
      this.table,
      unique.map((id) => keys.client(entityId, id)),
    );
    return new Map(items.map((item) => [Number(item.client_id), toClient(item)]));
  }
}
