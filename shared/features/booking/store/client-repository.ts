import { CONDITION } from '../../../db/conditions';
import { updateWhere } from '../../../db/expressions';
import { getItem, getItems } from '../../../db/items';
import * as keys from '../../../db/keys';
import { INDEX, RANK_STEP } from '../../../db/keys';
import { queryCount, queryPage, queryPageNearestEnd, startKeyOf } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { TransactItem } from '../../../db/transactions';
import type { ClientRecord } from '../domain/appointment';
import { type ClientDayState, type ClientDays, commutes } from '../domain/day-stats';
import type { ClientFilter, ClientPlace } from '../domain/listing';

const numbers = (value: unknown): Record<string, number> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Number(v)]),
  );

/** A client's days as stored; absent on clients written before they were kept. */
const dayStateOf = (item: Record<string, unknown>): ClientDayState | undefined =>
  item.days_touch === undefined
    ? undefined
    : {
        all: numbers(item.days_all),
        live: numbers(item.days_live),
        version: Number(item.days_version ?? 0),
        touch: Number(item.days_touch),
      };

/**
 * A client's days as attributes: an empty map is left out (read back as empty), since DynamoDB Local's
 * stream gives an empty map without its type, which no stream reader can unmarshall.
 */
export const storedDays = (days: ClientDays): Record<string, Record<string, number>> => ({
  ...(Object.keys(days.all).length ? { days_all: days.all } : {}),
  ...(Object.keys(days.live).length ? { days_live: days.live } : {}),
});

/** Lower-cased names and e-mail, for the case-insensitive `search` filter. */
export const searchTextOf = (
  c: Pick<ClientRecord, 'client_lastname' | 'client_firstname' | 'client_email'>,
) => [c.client_lastname, c.client_firstname, c.client_email ?? ''].join('\u0001').toLowerCase();

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
  ...(dayStateOf(item) ? { day_state: dayStateOf(item) } : {}),
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
  const record = toClient(c as unknown as Record<string, unknown>);
  return {
    ...record,
    ...(c.day_state
      ? {
          ...storedDays(c.day_state),
          days_version: c.day_state.version,
          days_touch: c.day_state.touch,
        }
      : {}),
    type: 'client',
    search_text: searchTextOf(c),
    ...clientKeys(entityId, c, c.appointments_count),
  };
}

/** The item that finds a client by phone and keeps phones unique. */
export const clientPhoneItem = (entityId: string, e164: string, clientId: number) => ({
  ...keys.clientPhone(entityId, e164),
  type: 'client-phone',
  client_id: clientId,
});

/** Parts of a client update: SET and ADD clauses, conditions, names and values. */
export interface UpdateParts {
  set: string[];
  add: string[];
  remove?: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, n]) => b[k] === n);

/**
 * The write of a client's days, from `read` (as stored; version and touch 0: never written) to `after`;
 * null when they do not change. A change that commutes (shared/features/booking/domain/day-stats.ts) moves only the
 * counts it changes, conditioned on the structure read (`days_version`) and on no count it lowers reaching
 * zero, so a client's concurrent bookings all commit; any other change writes the days whole, conditioned
 * on them being exactly as read (`days_touch`), and is retried on fresh data when they were not.
 */
export function daysUpdate(read: ClientDayState, after: ClientDays): UpdateParts | null {
  if (sameCounts(read.all, after.all) && sameCounts(read.live, after.live)) return null;
  const parts: UpdateParts = {
    set: [],
    add: ['#days_touch :dOne'],
    conditions: [],
    names: { '#days_touch': 'days_touch' },
    values: { ':dOne': 1 },
  };
  if (!commutes(read, after)) {
    // Whole, an empty map removed (storedDays); a commuting change never empties one.
    parts.remove = [];
    for (const [name, alias, value, map] of [
      ['days_all', '#days_all', ':dAll', after.all],
      ['days_live', '#days_live', ':dLive', after.live],
    ] as const) {
      parts.names[alias] = name;
      if (Object.keys(map).length === 0) parts.remove.push(alias);
      else {
        parts.set.push(`${alias} = ${value}`);
        parts.values[value] = map;
      }
    }
    parts.add.push('#days_version :dOne');
    parts.names['#days_version'] = 'days_version';
    parts.conditions.push(read.touch === 0 ? 'attribute_not_exists(#days_touch)' : '#days_touch = :dTouch');
    if (read.touch !== 0) parts.values[':dTouch'] = read.touch;
    return parts;
  }
  parts.names['#days_version'] = 'days_version';
  parts.conditions.push('#days_version = :dVersion');
  parts.values[':dVersion'] = read.version;
  let n = 0;
  for (const [map, name, before, now] of [
    ['#days_all', 'days_all', read.all, after.all],
    ['#days_live', 'days_live', read.live, after.live],
  ] as const) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
      const delta = (now[key] ?? 0) - (before[key] ?? 0);
      if (delta === 0) continue;
      const k = `#dk${n}`;
      const path = `${map}.${k}`;
      parts.names[map] = name;
      parts.names[k] = key;
      parts.values[`:dd${n}`] = delta;
      if (before[key] === undefined) {
        // A live entry that appears (commutes only below the latest live date): other bookings may add it too.
        parts.values[':dZero'] = 0;
        parts.set.push(`${path} = if_not_exists(${path}, :dZero) + :dd${n}`);
      } else {
        parts.set.push(`${path} = ${path} + :dd${n}`);
        if (delta < 0) {
          parts.conditions.push(`${path} > :dm${n}`);
          parts.values[`:dm${n}`] = -delta;
        }
      }
      n++;
    }
  }
  return parts;
}

/** An UpdateItem of a client from its parts. */
function clientUpdate(
  tableName: string,
  entityId: string,
  clientId: number,
  parts: UpdateParts,
): TransactItem {
  const clauses = [
    ...(parts.set.length ? [`SET ${parts.set.join(', ')}`] : []),
    ...(parts.add.length ? [`ADD ${parts.add.join(', ')}`] : []),
    ...(parts.remove?.length ? [`REMOVE ${parts.remove.join(', ')}`] : []),
  ];
  const condition = parts.conditions.join(' AND ');
  const update = updateWhere(clauses.join(' '), condition);
  return {
    Update: {
      TableName: tableName,
      Key: keys.client(entityId, clientId),
      ...update,
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...parts.names },
      ExpressionAttributeValues: parts.values,
    },
  };
}

const merge = (a: UpdateParts, b: UpdateParts | null): UpdateParts =>
  b
    ? {
        set: [...a.set, ...b.set],
        add: [...a.add, ...b.add],
        remove: [...(a.remove ?? []), ...(b.remove ?? [])],
        conditions: [...a.conditions, ...b.conditions],
        names: { ...a.names, ...b.names },
        values: { ...a.values, ...b.values },
      }
    : a;

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
  days: UpdateParts | null = null,
): TransactItem {
  const item: Record<string, unknown> = { updated_at: c.updated_at, last_appointment: c.last_appointment };
  const sets = ['updated_at'];
  const raisesLast = c.last_appointment !== null && (read.last_appointment ?? '') < c.last_appointment;
  if (raisesLast) sets.push('last_appointment');
  const countCondition =
    read.appointments_count >= 2 ? CONDITION.clientIsRepeat : CONDITION.clientCountAsRead;
  const conditions = [
    CONDITION.exists,
    countCondition,
    ...(raisesLast ? [CONDITION.lastAppointmentNotLater] : []),
  ];
  const parts: UpdateParts = {
    set: sets.map((k) => `#${k} = :${k}`),
    add: ['#appointments_count :one', `#${INDEX.clientRank.sk} :rankStep`],
    conditions,
    names: {},
    values: {
      ':one': 1,
      ':rankStep': RANK_STEP,
      ...(read.appointments_count >= 2 ? { ':two': 2 } : { ':read': read.appointments_count }),
      ...Object.fromEntries(sets.map((k) => [`:${k}`, item[k] ?? null])),
    },
  };
  return clientUpdate(tableName, entityId, c.client_id, merge(parts, days));
}

/**
 * A transition's write of its client: a move that changes the latest appointment date (conditioned on the
 * date read), and/or a change of its days. Null when neither.
 */
export function clientTransitionUpdate(
  tableName: string,
  entityId: string,
  clientId: number,
  change: { lastAppointment: string; read: string | null } | undefined,
  days: UpdateParts | null,
  now: string,
): TransactItem | null {
  if (!change && !days) return null;
  const parts: UpdateParts = change
    ? {
        set: ['#last_appointment = :last', '#updated_at = :now'],
        add: [],
        conditions: [change.read === null ? CONDITION.noLastAppointment : CONDITION.lastAppointmentAsRead],
        names: {},
        values: {
          ':last': change.lastAppointment,
          ':now': now,
          ...(change.read === null ? {} : { ':read': change.read }),
        },
      }
    : { set: [], add: [], conditions: [CONDITION.exists], names: {}, values: {} };
  return clientUpdate(tableName, entityId, clientId, merge(parts, days));
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

  /** The query of a calendar's members by name (client-name index, the calendar's partition), searched. */
  private membersQuery(entityId: string, calendarId: number, search: string | undefined) {
    return {
      IndexName: INDEX.clientName.name,
      KeyConditionExpression: '#pk = :pk',
      ...(search ? { FilterExpression: 'contains(search_text, :search)' } : {}),
      ExpressionAttributeNames: { '#pk': INDEX.clientName.pk },
      ExpressionAttributeValues: {
        ':pk': INDEX.clientName.calendarPartition(entityId, calendarId),
        ...(search ? { ':search': search.toLowerCase() } : {}),
      },
    };
  }

  /**
   * Pattern: a page of the clients of a calendar, by name: the page of members (calendar-client items in
   * the index while the client has appointments there), then their records (BatchGetItem). Like `list`,
   * from a cursor's member on, or from the nearer end when the total is known.
   */
  async ofCalendar(
    entityId: string,
    calendarId: number,
    search: string | undefined,
    offset: number,
    limit: number,
    total?: number,
    after?: ClientPlace,
  ): Promise<ClientRecord[]> {
    const from = after && startKeyOf(keys.calendarMember(entityId, calendarId, after), INDEX.clientName);
    const members = await queryPageNearestEnd(
      this.table,
      this.membersQuery(entityId, calendarId, search),
      offset,
      limit,
      total,
      from,
    );
    const ids = members.map((m) => Number(m.client_id));
    const clients = await this.getMany(entityId, ids);
    return ids.flatMap((id) => clients.get(id) ?? []);
  }

  /** Pattern: how many members of a calendar a search matches (COUNT on the calendar's partition). */
  async countOfCalendar(entityId: string, calendarId: number, search: string): Promise<number> {
    return queryCount(this.table, this.membersQuery(entityId, calendarId, search));
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
