import { DateTime } from 'luxon';
import { AFTER_ALL_DATES, BEFORE_ALL_DATES, daysBetween } from '../../../core/dates';
import { AppError, dateRangeTooLarge, found, resourceNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { AppointmentRecord, AppointmentStatus, ClientRecord, PagedList } from '../../booking';
import {
  type AppointmentFilter,
  type AppointmentPlace,
  appointmentsIn,
  type ClientFilter,
  type ClientPlace,
  matchesClient,
  type Page,
  type PageRequest,
} from '../../booking';
import type { SlotRecord } from '../../schedule';
import { type CalendarRecord, hasStarted, totalAppointments } from '../../schedule';
import type { V1Store } from '../ports';
import type { CursorScope, Cursors, Position } from './cursors';

/** Longest date range a list or statistic accepts (docs/CONTRACT.md#v1-in-short). */
export const MAX_RANGE_DAYS = 365;

/** Checks a date range: to not before from, at most 365 days apart. */
export function checkRange(from: string, to: string): void {
  if (to < from)
    throw new AppError('validation', 'INVALID_PARAMETER', 'date_to: must not be before date_from');
  if (daysBetween(from, to) > MAX_RANGE_DAYS) throw dateRangeTooLarge(MAX_RANGE_DAYS);
}

/** A slot as v1 shows it: bookable when open, not full, not started, and its calendar active. */
export interface SlotView {
  slot: SlotRecord;
  calendar: CalendarRecord;
  isAvailable: boolean;
}

/** What one page read gives: its items, the list's total, and where the next page starts. */
interface PageRead<T, A> {
  items: T[];
  total: number;
  after?: A | undefined;
  /** The total, when it was counted rather than read from counters (a cursor carries it on). */
  counted?: number | undefined;
}

/**
 * The page a position points at, and the place of its last item (where a cursor reads on from). With the
 * list's total, the store may read the page from the nearer end.
 */
async function readPage<Filter, Place, Item>(
  list: PagedList<Filter, Place, Item>,
  entity: EntityContext,
  filter: Filter,
  at: Position<Place>,
  page: PageRequest,
  total: number | undefined,
  placeOf: (item: Item) => Place,
): Promise<{ items: Item[]; after: Place | undefined }> {
  const items = await list.list(entity.entityId, filter, at.offset, page.perPage, total, at.after);
  const last = items.at(-1);
  return { items, after: last && placeOf(last) };
}

export interface AppointmentView {
  appointment: AppointmentRecord;
  calendarName: string;
}

/** What the v1 reads need: the v1 store (the table or the debug data set), the cursors, a clock. */
export interface V1QueryServiceDeps {
  store: V1Store;
  cursors: Cursors;
  now?: () => Date;
}

/** Reads of the v1 API: calendars, slots, appointments and clients, paginated and filtered. */
export class V1QueryService {
  private readonly now: () => Date;
  private readonly store: V1Store;
  private readonly cursors: Cursors;

  constructor(deps: V1QueryServiceDeps) {
    this.store = deps.store;
    this.cursors = deps.cursors;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A page of a list, by number or by cursor (docs/CONTRACT.md#cursors): the cursor is opened against
   * the list's scope (entity, list, query), the page read from its position, the next cursor sealed.
   */
  private async paged<T, A>(
    entity: EntityContext,
    list: string,
    query: unknown,
    request: PageRequest,
    read: (at: Position<A>) => Promise<PageRead<T, A>>,
  ): Promise<Page<T>> {
    const scope: CursorScope = { entityId: entity.entityId, list, query };
    const at = await this.cursors.open<A>(scope, request);
    const got = await read(at);
    const nextCursor = await this.cursors.next(
      scope,
      request,
      at,
      got.items.length,
      got.total,
      got.after,
      got.counted,
    );
    return { items: got.items, total: got.total, page: at.page, ...(nextCursor ? { nextCursor } : {}) };
  }

  /** A page of a list held in memory. */
  private inMemory<T>(
    entity: EntityContext,
    list: string,
    query: unknown,
    request: PageRequest,
    all: () => Promise<T[]>,
  ): Promise<Page<T>> {
    return this.paged<T, never>(entity, list, query, request, async (at) => {
      const items = await all();
      return { items: items.slice(at.offset, at.offset + request.perPage), total: items.length };
    });
  }

  private available(slot: SlotRecord, calendar: CalendarRecord): boolean {
    return (
      slot.status === 'open' &&
      slot.taken < slot.capacity &&
      calendar.is_active &&
      !hasStarted(slot.date, slot.start_time, calendar.timezone, this.now())
    );
  }

  async calendars(entity: EntityContext, page: PageRequest): Promise<Page<CalendarRecord>> {
    return this.inMemory(entity, 'calendars', {}, page, () => this.store.calendars.list(entity.entityId));
  }

  async calendar(entity: EntityContext, calendarId: number): Promise<CalendarRecord> {
    return found(await this.store.calendars.get(entity.entityId, calendarId), () =>
      resourceNotFound('calendar'),
    );
  }

  /** Slots of a calendar in a date range: the bookable ones, or every one with `all`. */
  async slots(
    entity: EntityContext,
    query: { calendarId: number; dateFrom: string; dateTo: string; all: boolean },
    page: PageRequest,
  ): Promise<Page<SlotView>> {
    checkRange(query.dateFrom, query.dateTo);
    return this.inMemory(entity, 'slots', query, page, async () => {
      const calendar = await this.calendar(entity, query.calendarId);
      const slots = await this.store.slots.listRange(
        entity.entityId,
        calendar.calendar_id,
        query.dateFrom,
        query.dateTo,
      );
      return slots
        .map((slot) => ({ slot, calendar, isAvailable: this.available(slot, calendar) }))
        .filter((v) => query.all || v.isAvailable);
    });
  }

  async slot(entity: EntityContext, slotId: number): Promise<SlotView> {
    const slot = await this.store.slots.get(entity.entityId, slotId);
    if (!slot) throw resourceNotFound('slot');
    const calendar = await this.calendar(entity, slot.calendar_id);
    return { slot, calendar, isAvailable: this.available(slot, calendar) };
  }

  /** Each appointment with its calendar's name, from the entity's calendars (read once per request). */
  private withCalendarNames(calendars: CalendarRecord[], items: AppointmentRecord[]): AppointmentView[] {
    const byId = new Map(calendars.map((c) => [c.calendar_id, c]));
    return items.map((appointment) => ({
      appointment,
      calendarName: byId.get(appointment.calendar_id)?.calendar_name ?? '',
    }));
  }

  /**
   * Appointments by date, start time and id. The calendars are read once: they prove a filtered calendar
   * exists, give the names, and give the total from their status counters when only a calendar and/or a
   * status filter applies (no cost as history grows); other filters count with a COUNT query.
   */
  async appointments(
    entity: EntityContext,
    filter: AppointmentFilter,
    page: PageRequest,
    /** The entity's calendars, when the caller has read them already (`appointmentOrCalendar`). */
    known?: CalendarRecord[],
  ): Promise<Page<AppointmentView>> {
    // An open range (only date_from or only date_to) is allowed; a bounded one is at most 365 days.
    if (filter.dateFrom && filter.dateTo) checkRange(filter.dateFrom, filter.dateTo);
    return this.paged<AppointmentView, AppointmentPlace>(entity, 'appointments', filter, page, async (at) => {
      // The total lets the store read a page from the nearer end, and a page past the end not at all. A
      // cursor's page (read on from the last item of the page before) needs none, nor a first page whose
      // matches are a run of the index (it reads no item it does not show): either is read beside the
      // calendars and the count, one round trip. A first page filtered after the keys (a status, or a
      // client's appointments in one calendar) waits for its total, so that few or no matches never walk
      // the whole range: a small total reads it from the end, and none not at all.
      const pageAt = (total?: number) =>
        readPage(this.store.appointments, entity, filter, at, page, total, (a) => ({
          appointment_id: a.appointment_id,
          calendar_id: a.calendar_id,
          client_id: a.client_id,
          date: a.date,
          start_time: a.start_time,
        }));
      const [calendars, counted, early] = await Promise.all([
        known ?? this.store.calendars.list(entity.entityId),
        at.total ?? this.appointmentCount(entity, filter),
        at.after !== undefined || (at.offset === 0 && this.store.appointments.readsOnlyMatches?.(filter))
          ? pageAt()
          : undefined,
      ]);
      if (filter.calendarId !== undefined && !calendars.some((c) => c.calendar_id === filter.calendarId)) {
        throw resourceNotFound('calendar');
      }
      const total = counted ?? this.appointmentTotal(filter, calendars);
      const { items, after } = early ?? (await pageAt(total));
      return { items: this.withCalendarNames(calendars, items), total, counted, after };
    });
  }

  /**
   * The total of a filter the calendars' counters do not hold (undefined when they do): a client's, by a
   * COUNT query of its appointments; a date range's, from the day items' status counts ((calendars + 1)
   * items a day, whatever the appointments a day holds).
   */
  private async appointmentCount(
    entity: EntityContext,
    filter: AppointmentFilter,
  ): Promise<number | undefined> {
    if (filter.clientId !== undefined) return this.store.appointments.count(entity.entityId, filter);
    if (filter.dateFrom === undefined && filter.dateTo === undefined) return undefined;
    const days = await this.store.counters.dayStats(
      entity.entityId,
      filter.dateFrom ?? BEFORE_ALL_DATES,
      filter.dateTo ?? AFTER_ALL_DATES,
    );
    return appointmentsIn(days, filter.calendarId, filter.status);
  }

  /** The total of a calendar and/or status filter, from the calendars' status counters. */
  private appointmentTotal(filter: AppointmentFilter, calendars: CalendarRecord[]): number {
    const counted = calendars.filter(
      (c) => filter.calendarId === undefined || c.calendar_id === filter.calendarId,
    );
    const status = filter.status as AppointmentStatus | undefined;
    return counted.reduce((sum, c) => sum + (status ? c[`${status}_count`] : totalAppointments(c)), 0);
  }

  async appointment(entity: EntityContext, appointmentId: number): Promise<AppointmentView> {
    const appointment = await this.store.appointments.get(entity.entityId, appointmentId);
    if (!appointment) throw resourceNotFound('appointment');
    const calendar = await this.store.calendars.get(entity.entityId, appointment.calendar_id);
    return { appointment, calendarName: calendar?.calendar_name ?? '' };
  }

  /**
   * `/appointments/{n}`: ids are unique across kinds, so n names an appointment, a calendar, or nothing.
   * The appointment n and the entity's calendars are read side by side, one round trip: they give the
   * appointment's calendar name, or calendar n and what its page of appointments needs.
   */
  async appointmentOrCalendar(
    entity: EntityContext,
    id: number,
  ): Promise<{ appointment: AppointmentView } | { calendars: CalendarRecord[] }> {
    const [appointment, calendars] = await Promise.all([
      this.store.appointments.get(entity.entityId, id),
      this.store.calendars.list(entity.entityId),
    ]);
    if (appointment) {
      const calendar = calendars.find((c) => c.calendar_id === appointment.calendar_id);
      return { appointment: { appointment, calendarName: calendar?.calendar_name ?? '' } };
    }
    if (calendars.some((c) => c.calendar_id === id)) return { calendars };
    throw resourceNotFound('appointment');
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
      return this.inMemory(entity, 'clients', filter, page, async () => {
        const client = await this.store.clients.findByPhone(entity.entityId, filter.phone ?? '');
        return client && matchesClient(client, filter) ? [client] : [];
      });
    }
    const unfiltered = !filter.search && !filter.email && !filter.createdFrom && !filter.createdTo;
    return this.paged<ClientRecord, ClientPlace>(entity, 'clients', filter, page, async (at) => {
      const counted = unfiltered
        ? undefined
        : (at.total ?? (await this.store.clients.count(entity.entityId, filter)));
      const total = counted ?? (await this.store.counters.entityCounters(entity.entityId)).total_clients;
      const { items, after } = await readPage(this.store.clients, entity, filter, at, page, total, (c) => ({
        client_id: c.client_id,
        client_lastname: c.client_lastname,
        client_firstname: c.client_firstname,
        client_email: c.client_email,
      }));
      return { items, total, counted, after };
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
    const calendar = typeof of === 'number' ? await this.calendar(entity, of) : of;
    const calendarId = calendar.calendar_id;
    const query = { calendarId, search };
    return this.paged<ClientRecord, ClientPlace>(entity, 'calendar-clients', query, page, async (at) => {
      const counted = search
        ? (at.total ?? (await this.store.clients.countOfCalendar(entity.entityId, calendarId, search)))
        : undefined;
      const total = counted ?? calendar.clients_count ?? 0;
      const items = await this.store.clients.ofCalendar(
        entity.entityId,
        calendarId,
        search,
        at.offset,
        page.perPage,
        total,
        at.after,
      );
      const last = items.at(-1);
      return {
        items,
        total,
        counted,
        after: last && {
          client_id: last.client_id,
          client_lastname: last.client_lastname,
          client_firstname: last.client_firstname,
          client_email: last.client_email,
        },
      };
    });
  }
}
