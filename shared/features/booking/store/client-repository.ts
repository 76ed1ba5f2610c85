import { getItem, getItems } from '../../../db/items';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import { queryCount, queryPage, queryPageNearestEnd, startKeyOf } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { ClientRecord } from '../domain/appointment';
import type { ClientFilter, ClientPlace } from '../domain/listing';
import type { CalendarMembersFilter, ListPage } from '../ports';
import { clientKeys, toClient } from './client-items';

export class ClientRepository {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: get a client by id (strongly consistent unless `consistent` is false: a booking's first try,
   * whose write is conditioned on the client's version read).
   */
  async get(entityId: string, clientId: number, consistent = true): Promise<ClientRecord | null> {
    const item = await getItem(this.table, keys.client(entityId, clientId), consistent);
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
  async list(page: ListPage<ClientFilter, ClientPlace>): Promise<ClientRecord[]> {
    const { entityId, filter, offset, limit, total, after } = page;
    const input = this.listQuery(entityId, filter);
    // A cursor's start: the keys the client item of `after` has, built from its fields.
    const from =
      after &&
      startKeyOf(
        clientKeys(entityId, after, 0),
        filter.email !== undefined ? INDEX.clientEmail : INDEX.clientName,
      );
    const items = await queryPageNearestEnd({ table: this.table, input, offset, limit, total, from });
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
  async ofCalendar(page: ListPage<CalendarMembersFilter, ClientPlace>): Promise<ClientRecord[]> {
    const { entityId, filter, offset, limit, total, after } = page;
    const { calendarId, search } = filter;
    const from = after && startKeyOf(keys.calendarMember(entityId, calendarId, after), INDEX.clientName);
    const members = await queryPageNearestEnd({
      table: this.table,
      input: this.membersQuery(entityId, calendarId, search),
      offset,
      limit,
      total,
      from,
    });
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
    const items = await queryPage({
      table: this.table,
      input: {
        IndexName: INDEX.clientRank.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': INDEX.clientRank.pk },
        ExpressionAttributeValues: { ':pk': INDEX.clientRank.partition(entityId) },
        ScanIndexForward: false,
      },
      offset: 0,
      limit,
    });
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
