import { AFTER_ALL_DATES, BEFORE_ALL_DATES, daysBetween } from '../../../core/dates';
import { AppError, dateRangeTooLarge, found, resourceNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { AppointmentRecord, AppointmentStatus } from '../../booking';
import {
  type AppointmentFilter,
  type AppointmentPlace,
  appointmentsIn,
  type Page,
  type PageRequest,
} from '../../booking';
import type { SlotRecord } from '../../schedule';
import { type CalendarRecord, hasStarted, totalAppointments } from '../../schedule';
import type { V1Store } from '../ports';
import type { Cursors, Position } from './cursors';
import { ListPages, readPage } from './list-pages';

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

/** Where the next page of appointments starts: the fields the appointment indexes sort by. */
const appointmentPlace = (a: AppointmentRecord): AppointmentPlace => ({
  appointment_id: a.appointment_id,
  calendar_id: a.calendar_id,
  client_id: a.client_id,
  date: a.date,
  start_time: a.start_time,
});

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

/**
 * Reads of the v1 API: calendars, slots and appointments, paginated and filtered (the clients' are
 * ClientQueryService's, services/client-query-service.ts).
 */
export class V1QueryService {
  private readonly now: () => Date;
  private readonly store: V1Store;
  private readonly pages: ListPages;

  constructor(deps: V1QueryServiceDeps) {
    this.store = deps.store;
    this.pages = new ListPages({ cursors: deps.cursors });
    this.now = deps.now ?? (() => new Date());
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
    return this.pages.inMemory({
      entity,
      list: 'calendars',
      query: {},
      request: page,
      all: () => this.store.calendars.list(entity.entityId),
    });
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
    return this.pages.inMemory({
      entity,
      list: 'slots',
      query,
      request: page,
      all: async () => {
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
      },
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
    const read = async (at: Position<AppointmentPlace>) => {
      // The total lets the store read a page from the nearer end, and a page past the end not at all. A
      // cursor's page (read on from the last item of the page before) needs none, nor a first page whose
      // matches are a run of the index (it reads no item it does not show): either is read beside the
      // calendars and the count, one round trip. A first page filtered after the keys (a status, or a
      // client's appointments in one calendar) waits for its total, so that few or no matches never walk
      // the whole range: a small total reads it from the end, and none not at all.
      const pageAt = (total?: number) =>
        readPage({
          list: this.store.appointments,
          entity,
          filter,
          at,
          page,
          total,
          placeOf: appointmentPlace,
        });
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
    };
    return this.pages.paged({ entity, list: 'appointments', query: filter, request: page, read });
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
   * appointment's calendar name, or calendar n and what its page of appointments needs. The appointment is
   * read eventually consistent, as the lists are (docs/CONTRACT.md#v1-reads-consistency: half the read); an id that
   * names neither is read again strongly before its 404, so an appointment booked a moment ago is never
   * answered as unknown.
   */
  async appointmentOrCalendar(
    entity: EntityContext,
    id: number,
  ): Promise<{ appointment: AppointmentView } | { calendars: CalendarRecord[] }> {
    const [read, calendars] = await Promise.all([
      this.store.appointments.get(entity.entityId, id, false),
      this.store.calendars.list(entity.entityId),
    ]);
    const isCalendar = calendars.some((c) => c.calendar_id === id);
    const appointment = read ?? (isCalendar ? null : await this.store.appointments.get(entity.entityId, id));
    if (appointment) {
      const calendar = calendars.find((c) => c.calendar_id === appointment.calendar_id);
      return { appointment: { appointment, calendarName: calendar?.calendar_name ?? '' } };
    }
    if (isCalendar) return { calendars };
    throw resourceNotFound('appointment');
  }
}
