import { DateTime } from 'luxon';
import { AppError, found, resourceNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { ClientFilter, ClientPlace, ClientRecord, Page, PageRequest } from '../../booking';
import { matchesClient } from '../../booking';
import type { CalendarRecord } from '../../schedule';
import type { V1Store } from '../ports';
import type { Cursors } from './cursors';
import { ListPages, readPage } from './list-pages';

/** Where the next page of clients starts: the fields the client indexes sort by. */
const placeOf = (c: ClientRecord): ClientPlace => ({
  client_id: c.client_id,
  client_lastname: c.client_lastname,
  client_firstname: c.client_firstname,
  client_email: c.client_email,
});

/** What the v1 client reads need: the v1 store (the table or the debug data set) and the cursors. */
export interface ClientQueryServiceDeps {
  store: V1Store;
  cursors: Cursors;
}

/** Reads of the v1 API's clients: the client list, one client, and the clients of a calendar. */
export class ClientQueryService {
  private readonly store: V1Store;
  private readonly pages: ListPages;

  constructor(deps: ClientQueryServiceDeps) {
    this.store = deps.store;
    this.pages = new ListPages({ cursors: deps.cursors });
  }

  /** `/clients/{n}`: the client n or the calendar n (ids are unique across kinds), read side by side. */
  async clientOrCalendar(
    entity: EntityContext,
    id: number,
  ): Promise<{ client: ClientRecord } | { calendar: CalendarRecord }> {
    const [client, calendar] = await Promise.all([
      this.store.clients.get(entity.entityId, id),
      this.store.calendars.get(entity.entityId, id),
    ]);
    if (client) return { client };
    if (calendar) return { calendar };
    throw resourceNotFound('client');
  }

  /** Created-at bounds of a client filter: whole days in the entity's zone, as UTC instants. */
  createdBounds(
    entity: EntityContext,
    from?: string,
    to?: string,
  ): Pick<ClientFilter, 'createdFrom' | 'createdTo'> {
    const zone = entity.settings.timezone;
    if (from && to && to < from)
      throw new AppError('validation', 'INVALID_PARAMETER', 'created_to: must not be before created_from');
    return {
      createdFrom: from
        ? (DateTime.fromISO(from, { zone }).startOf('day').toUTC().toISO() ?? undefined)
        : undefined,
      createdTo: to ? (DateTime.fromISO(to, { zone }).endOf('day').toUTC().toISO() ?? undefined) : undefined,
    };
  }

  /** Clients by last name, first name and id. The unfiltered total is the entity's client counter. */
  async clients(entity: EntityContext, filter: ClientFilter, page: PageRequest): Promise<Page<ClientRecord>> {
    if (filter.phone !== undefined && filter.email === undefined) {
      return this.pages.inMemory({
        entity,
        list: 'clients',
        query: filter,
        request: page,
        all: async () => {
          const client = await this.store.clients.findByPhone(entity.entityId, filter.phone ?? '');
          return client && matchesClient(client, filter) ? [client] : [];
        },
      });
    }
    const unfiltered = !filter.search && !filter.email && !filter.createdFrom && !filter.createdTo;
    return this.pages.paged<ClientRecord, ClientPlace>({
      entity,
      list: 'clients',
      query: filter,
      request: page,
      read: async (at) => {
        const counted = unfiltered
          ? undefined
          : (at.total ?? (await this.store.clients.count(entity.entityId, filter)));
        const total = counted ?? (await this.store.counters.entityCounters(entity.entityId)).total_clients;
        const list = this.store.clients;
        const { items, after } = await readPage({ list, entity, filter, at, page, total, placeOf });
        return { items, total, counted, after };
      },
    });
  }

  async client(entity: EntityContext, clientId: number): Promise<ClientRecord> {
    return found(await this.store.clients.get(entity.entityId, clientId), () => resourceNotFound('client'));
  }

  /**
   * Clients having appointments in a calendar, searched and ordered like the client list (last name, first
   * name, id). A page reads that page of the calendar's members; the total is the calendar's
   * `clients_count`, moved with the memberships, or with a search a COUNT (carried on by the cursor).
   */
  async clientsOfCalendar(
    entity: EntityContext,
    /** The calendar's id, or the calendar when the caller has read it (`clientOrCalendar`). */
    of: number | CalendarRecord,
    search: string | undefined,
    page: PageRequest,
  ): Promise<Page<ClientRecord>> {
    const calendar =
      typeof of === 'number'
        ? found(await this.store.calendars.get(entity.entityId, of), () => resourceNotFound('calendar'))
        : of;
    const calendarId = calendar.calendar_id;
    const query = { calendarId, search };
    return this.pages.paged<ClientRecord, ClientPlace>({
      entity,
      list: 'calendar-clients',
      query,
      request: page,
      read: async (at) => {
        const counted = search
          ? (at.total ?? (await this.store.clients.countOfCalendar(entity.entityId, calendarId, search)))
          : undefined;
        const total = counted ?? calendar.clients_count ?? 0;
        const items = await this.store.clients.ofCalendar({
          entityId: entity.entityId,
          filter: query,
          offset: at.offset,
          limit: page.perPage,
          total,
          after: at.after,
        });
        const last = items.at(-1);
        return { items, total, counted, after: last && placeOf(last) };
      },
    });
  }
}
