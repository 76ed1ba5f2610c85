import { randomBytes } from 'node:crypto';
import {
  type AppError,
  calendarNotFound,
  conflict,
  invalidField,
  resourceNotFound,
} from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { DayStatRow } from '../../booking';
import type { CalendarAdmin, CalendarLister, HoursStore, IdSource } from '../../schedule';
import {
  buildDayHours,
  type CalendarRecord,
  MAX_CALENDARS,
  newCalendar,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../schedule';
import { MAX_SERVICES, SERVICE_DURATION, type ServiceRecord } from '../domain/service';
import { changedServiceRules, newServiceRules, type ServiceRulesInput } from '../domain/service-rules';
import type { CalendarHoursStore, ServiceStore } from '../ports';

/** A new service as a request gives it; a change gives only what changes (null clears an optional field). */
export interface ServiceInput extends ServiceRulesInput {
  name?: string | undefined;
  duration?: number | undefined;
  calendar_ids?: number[] | null | undefined;
  price?: number | null | undefined;
  currency?: string | null | undefined;
  description?: string | null | undefined;
}

export interface CatalogServiceDeps {
  calendars: CalendarLister & CalendarAdmin;
  services: ServiceStore;
  ids: IdSource;
  hours: HoursStore;
  calendarHours: CalendarHoursStore;
  counters: { dayStats(entityId: string, from: string, to: string): Promise<DayStatRow[]> };
  now?: () => Date;
}

/** Services and the entity's calendars, to say who performs each. */
export interface Catalog {
  services: ServiceRecord[];
  calendars: CalendarRecord[];
}

export const serviceNotFound = (): AppError => resourceNotFound('service');

/**
 * Staff and services (docs/CONTRACT.md#services-and-staff): calendars as staff, their own weekly hours,
 * and the services each performs. Availability and booking are in ServiceBookingService.
 */
export class CatalogService {
  private readonly now: () => Date;

  constructor(private readonly deps: CatalogServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The entity's calendars by id: the active ones for a publishable key, all for the secret token. */
  async listCalendars(entity: EntityContext): Promise<CalendarRecord[]> {
    const all = await this.deps.calendars.list(entity.entityId);
    return (entity.credential ? all.filter((c) => c.is_active) : all).sort(
      (a, b) => a.calendar_id - b.calendar_id,
    );
  }

  /** A calendar of the token's entity; another entity's, or none, is 404. */
  async calendar(entity: EntityContext, calendarId: number, activeOnly = false): Promise<CalendarRecord> {
    const calendar = await this.deps.calendars.get(entity.entityId, calendarId);
    if (!calendar || (activeOnly && !calendar.is_active)) throw calendarNotFound();
    return calendar;
  }

  /** Adds a calendar (a member of staff), with the address its staff member is told at, if given. */
  async createCalendar(entity: EntityContext, name: string, email?: string | null): Promise<CalendarRecord> {
    const [id] = await this.deps.ids.next(entity.entityId);
    if (id === undefined) throw new Error('no id allocated');
    const calendar = {
      ...newCalendar({
        id,
        name,
        timezone: entity.settings.timezone,
        widgetId: `wdg_${randomBytes(8).toString('hex')}`,
        now: this.now().toISOString(),
      }),
      ...(email ? { email } : {}),
    };
    if (!(await this.deps.calendars.create(entity.entityId, calendar, MAX_CALENDARS)))
      throw conflict(`an entity has at most ${MAX_CALENDARS} calendars`, 'INVALID_PARAMETER');
    return calendar;
  }

  /**
   * Renames, (de)activates or sets the staff member's e-mail of a calendar (null clears it); the default
   * calendar cannot be deactivated (409).
   */
  async updateCalendar(
    entity: EntityContext,
    change: {
      id: number;
      name?: string | undefined;
      active?: boolean | undefined;
      email?: string | null | undefined;
    },
  ): Promise<CalendarRecord> {
    if (change.active === false && change.id === entity.settings.default_calendar_id)
      throw conflict('the default calendar cannot be deactivated', 'INVALID_PARAMETER');
    const updated = await this.deps.calendars.update(
      entity.entityId,
      change.id,
      {
        ...(change.name !== undefined ? { calendar_name: change.name } : {}),
        ...(change.active !== undefined ? { is_active: change.active } : {}),
        ...(change.email !== undefined ? { email: change.email } : {}),
      },
      this.now().toISOString(),
    );
    if (!updated) throw calendarNotFound();
    return updated;
  }

  /** A calendar's weekly hours: its own, else the entity's. */
  async weekOf(entity: EntityContext, calendarId: number): Promise<WeeklyHours> {
    // A publishable key sees only active calendars (404 otherwise); the secret token, every one.
    await this.calendar(entity, calendarId, entity.credential !== undefined);
    const own = await this.deps.calendarHours.get(entity.entityId, calendarId);
    if (own) return own;
    const week = await this.deps.hours.get(entity.entityId);
    if (!week) throw new Error(`entity ${entity.entityId} has no opening hours`);
    return week;
  }

  /** Sets one weekday of a calendar's own hours (the first change starts from the entity's week). */
  async setCalendarDay(
    entity: EntityContext,
    calendarId: number,
    change: { day_of_week: string; is_open: boolean; periods: Array<[string, string]> },
  ): Promise<WeeklyHours> {
    const index = WEEKDAYS.indexOf(change.day_of_week as Weekday);
    if (index < 0) throw invalidField('day_of_week', `must be one of ${WEEKDAYS.join(', ')}`);
    const day = buildDayHours(change.day_of_week as Weekday, change.is_open ? change.periods : []);
    if (change.is_open && day.is_open === 0)
      throw invalidField('start_time1', 'is required when is_open is 1');
    const base = await this.weekOf(entity, calendarId);
    await this.deps.calendarHours.setDay({ entityId: entity.entityId, calendarId, index, day, base });
    return this.weekOf(entity, calendarId);
  }

  /** Whether the entity offers any service (the widget then books services: GET /business `has_services`). */
  async hasServices(entity: EntityContext): Promise<boolean> {
    return (await this.deps.services.list(entity.entityId)).length > 0;
  }

  /** The services by id, with the calendars that say who performs each. */
  async listServices(entity: EntityContext): Promise<Catalog> {
    const [services, calendars] = await Promise.all([
      this.deps.services.list(entity.entityId),
      this.deps.calendars.list(entity.entityId),
    ]);
    return { services: services.sort((a, b) => a.service_id - b.service_id), calendars };
  }

  /** One service (created or changed) with the calendars that say who performs it. */
  private async withCalendars(entity: EntityContext, service: ServiceRecord): Promise<Catalog> {
    return { services: [service], calendars: await this.deps.calendars.list(entity.entityId) };
  }

  /** A service, or null when the entity has none of that id (a deleted service's appointment). */
  findService(entity: EntityContext, serviceId: number): Promise<ServiceRecord | null> {
    return this.deps.services.get(entity.entityId, serviceId);
  }

  async service(entity: EntityContext, serviceId: number): Promise<ServiceRecord> {
    const service = await this.deps.services.get(entity.entityId, serviceId);
    if (!service) throw serviceNotFound();
    return service;
  }

  /** The calendars a service names must be the entity's (404 otherwise); duplicates are dropped. */
  private async checkCalendars(entity: EntityContext, ids: number[] | null | undefined) {
    if (ids === null || ids === undefined) return ids;
    if (ids.length === 0)
      throw invalidField('calendar_ids', 'must list at least one calendar, or be omitted');
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    await Promise.all(unique.map((id) => this.calendar(entity, id)));
    return unique;
  }

  private checkFields(input: ServiceInput): void {
    if (
      input.duration !== undefined &&
      (input.duration < SERVICE_DURATION.min || input.duration > SERVICE_DURATION.max)
    )
      throw invalidField('duration', `must be ${SERVICE_DURATION.min} to ${SERVICE_DURATION.max} minutes`);
    if (input.price !== undefined && input.price !== null && !(input.price >= 0 && input.price <= 1_000_000))
      throw invalidField('price', 'must be a number from 0 to 1000000');
    if (input.currency !== undefined && input.currency !== null && !/^[A-Z]{3}$/.test(input.currency))
      throw invalidField('currency', 'must be an ISO 4217 code such as EUR');
  }

  async createService(
    entity: EntityContext,
    input: ServiceInput & { name: string; duration: number },
  ): Promise<Catalog> {
    this.checkFields(input);
    const calendarIds = await this.checkCalendars(entity, input.calendar_ids);
    const [id] = await this.deps.ids.next(entity.entityId);
    if (id === undefined) throw new Error('no id allocated');
    const now = this.now().toISOString();
    const record: ServiceRecord = {
      service_id: id,
      name: input.name,
      duration: input.duration,
      calendar_ids: calendarIds ?? null,
      price: input.price ?? null,
      currency: input.currency ?? null,
      description: input.description ?? null,
      ...newServiceRules(input),
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.services.create(entity.entityId, record, MAX_SERVICES)))
      throw conflict(`an entity has at most ${MAX_SERVICES} services`, 'INVALID_PARAMETER');
    return this.withCalendars(entity, record);
  }

  async updateService(entity: EntityContext, id: number, change: ServiceInput): Promise<Catalog> {
    this.checkFields(change);
    const current = await this.service(entity, id);
    const calendarIds = await this.checkCalendars(entity, change.calendar_ids);
    const next: ServiceRecord = {
      ...current,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.duration !== undefined ? { duration: change.duration } : {}),
      ...(calendarIds !== undefined ? { calendar_ids: calendarIds } : {}),
      ...(change.price !== undefined ? { price: change.price } : {}),
      ...(change.currency !== undefined ? { currency: change.currency } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...changedServiceRules(change),
      updated_at: this.now().toISOString(),
    };
    if (!(await this.deps.services.replace(entity.entityId, next))) throw serviceNotFound();
    return this.withCalendars(entity, next);
  }

  async deleteService(entity: EntityContext, id: number): Promise<void> {
    if (!(await this.deps.services.remove(entity.entityId, id))) throw serviceNotFound();
  }

  /** Live appointments (pending, confirmed, completed, no-show) of each calendar on a date, from the day items. */
  async appointmentsOn(entity: EntityContext, date: string): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const c of await this.deps.counters.dayStats(entity.entityId, date, date)) {
      if (c.scope === 'all') continue;
      counts.set(c.scope, (counts.get(c.scope) ?? 0) + c.pending + c.confirmed + c.completed + c.no_show);
    }
    return counts;
  }
}
