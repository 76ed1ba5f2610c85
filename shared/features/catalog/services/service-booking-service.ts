import { daysBetween } from '../../../core/dates';
import {
  AppError,
  dateRangeTooLarge,
  invalidField,
  slotNotAvailable,
  slotNotFound,
} from '../../../core/errors';
import type { EntityContext, IdempotencyMark } from '../../access';
import { calendarScopeOf, refuseOutsideScope } from '../../access';
import type { Booked, BookingRequest, ServiceBookingRequest } from '../../booking';
import type { CalendarRecord, ClosureStore, SlotReader } from '../../schedule';
import { byStart, windowOf } from '../../schedule';
import { type PricedStart, priceOf } from '../domain/price';
import { byDateStartCalendar, performs, type ServiceRecord } from '../domain/service';
import { type ServiceSlots, serviceFit, startsOn } from '../domain/service-fit';
import type { CatalogService } from './catalog-service';

/** The longest range one availability request answers, as for slot ranges. */
export const MAX_AVAILABILITY_DAYS = 62;

export interface ServiceBookingServiceDeps {
  catalog: CatalogService;
  slots: SlotReader;
  booking: {
    book(entity: EntityContext, request: BookingRequest, idempotency?: IdempotencyMark): Promise<Booked>;
  };
  now?: () => Date;
  /** The entity's closure days: a service booked on one is 409 `slot not available: closed`. */
  closures?: ClosureStore;
}

/** A refusal that another calendar may not give: try the next one ("anyone"). */
const mayTryAnother = (error: unknown): boolean =>
  error instanceof AppError && (error.code === 'SLOT_UNAVAILABLE' || error.code === 'SLOT_IN_PAST');

/**
 * Availability of a service and its booking over the run of slots it covers (docs/CONTRACT.md#services-and-staff).
 * Capacity stays with the booking transaction: one conditional place in every slot of the run.
 */
export class ServiceBookingService {
  private readonly now: () => Date;

  constructor(private readonly deps: ServiceBookingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The active calendars that perform a service, or only `calendarId` (404 when not an active calendar). */
  private async performers(
    entity: EntityContext,
    service: ServiceRecord,
    calendarId?: number,
  ): Promise<CalendarRecord[]> {
    if (calendarId !== undefined) {
      refuseOutsideScope(calendarScopeOf(entity), calendarId);
      const calendar = await this.deps.catalog.calendar(entity, calendarId, true);
      return performs(service, calendar) ? [calendar] : [];
    }
    const calendars = await this.deps.catalog.listCalendars({ ...entity, credential: undefined });
    // "Anyone", for a staff member's session: anyone among their own calendars.
    const scope = calendarScopeOf(entity);
    return calendars.filter(
      (c) => performs(service, c) && (!scope || scope.calendarIds.includes(c.calendar_id)),
    );
  }

  /** Every start at which the whole service fits on a calendar that performs it, by date, start, calendar. */
  async availability(
    entity: EntityContext,
    query: { serviceId: number; from: string; to: string; calendarId?: number | undefined },
  ): Promise<PricedStart[]> {
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) throw invalidField('to', 'must not be before from');
    if (days > MAX_AVAILABILITY_DAYS) throw dateRangeTooLarge(MAX_AVAILABILITY_DAYS);
    const service = await this.deps.catalog.service(entity, query.serviceId);
    const calendars = await this.performers(entity, service, query.calendarId);
    // A client (publishable key, cancel token) sees the starts of its window only; buffers count everywhere.
    const at = { now: this.now(), window: windowOf(entity, service) };
    const perCalendar = await Promise.all(
      calendars.map(async (calendar) =>
        startsOn(
          calendar,
          await this.deps.slots.listRange(entity.entityId, calendar.calendar_id, query.from, query.to),
          service,
          at,
        ),
      ),
    );
    const price = priceOf(service, entity.settings.currency);
    return perCalendar
      .flat()
      .sort(byDateStartCalendar)
      .map((start) => ({ ...start, ...price }));
  }

  /**
   * 1. The service exists. 2. The calendars: the one asked for (it must perform the service), else every
   * active calendar that performs it. 3. On each, the run of free slots from `startTime` covering the
   * duration. 4. Without a calendar asked for, the calendars where it fits are tried by fewest live
   * appointments that date, then lowest id; a calendar that fills meanwhile gives way to the next.
   * 5. The booking takes one place in every slot of the run in one transaction.
   */
  async book(
    entity: EntityContext,
    request: ServiceBookingRequest,
    idempotency?: IdempotencyMark,
  ): Promise<Booked> {
    const [service, closure] = await Promise.all([
      this.deps.catalog.service(entity, request.serviceId),
      this.deps.closures?.get(entity.entityId, request.date) ?? null,
    ]);
    const calendars = await this.performers(entity, service, request.calendarId);
    if (request.calendarId !== undefined && calendars.length === 0)
      throw invalidField('calendar_id', 'this calendar does not perform the service');
    // A closure day closes every calendar, whether its slots were made before it (closed) or not at all.
    if (closure) throw slotNotAvailable('closed');
    const now = this.now();
    const window = windowOf(entity, service);
    const fits: Array<ServiceSlots & { calendar: CalendarRecord }> = [];
    let refusal: AppError = slotNotFound();
    for (const calendar of calendars) {
      const day = (
        await this.deps.slots.listRange(entity.entityId, calendar.calendar_id, request.date, request.date)
      ).sort(byStart);
      const index = day.findIndex((s) => s.start_time === request.startTime);
      if (index < 0) continue;
      // The run and its buffers' slots, each open with a place left, within a client's window.
      const fit = serviceFit({ daySlots: day, index, service }, { timezone: calendar.timezone, now, window });
      if ('refusal' in fit) refusal = slotNotAvailable(fit.refusal);
      else fits.push({ ...fit, calendar });
    }
    if (fits.length === 0) throw refusal;
    if (fits.length > 1) {
      const counts = await this.deps.catalog.appointmentsOn(entity, request.date);
      const load = (c: CalendarRecord) => counts.get(c.calendar_id) ?? 0;
      fits.sort(
        (a, b) => load(a.calendar) - load(b.calendar) || a.calendar.calendar_id - b.calendar.calendar_id,
      );
    }
    const { serviceId: _s, date: _d, startTime: _t, calendarId: _c, ...client } = request;
    for (const [i, fit] of fits.entries()) {
      try {
        return await this.deps.booking.book(
          entity,
          {
            ...client,
            calendarId: fit.calendar.calendar_id,
            slotId: fit.run[0]?.slot_id ?? 0,
            window,
            service: {
              serviceId: service.service_id,
              serviceName: service.name,
              slotIds: fit.slots.map((s) => s.slot_id),
              endTime: fit.end,
            },
          },
          idempotency,
        );
      } catch (error) {
        if (i === fits.length - 1 || !mayTryAnother(error)) throw error;
      }
    }
    throw refusal;
  }
}
