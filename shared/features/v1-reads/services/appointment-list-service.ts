import { daysBetween } from '../../../core/dates';
import { AppError, dateRangeTooLarge, invalidField } from '../../../core/errors';
import { type CalendarScope, type EntityContext, refuseOutsideScope } from '../../access';
import type { AppointmentFilter, AppointmentRecord, AppointmentStatus } from '../../booking';
import type { V1Store } from '../ports';
import type { Cursors } from './cursors';
import type { AppointmentView } from './query-service';

/** The longest range one list of v2 appointments covers, as for slot ranges and availability. */
export const MAX_LIST_DAYS = 62;

/** What a v2 list asks: the start dates (inclusive), its filters, the page size and the cursor. */
export interface AppointmentListQuery {
  from: string;
  to: string;
  calendarId?: number | undefined;
  status?: AppointmentStatus | undefined;
  limit: number;
  cursor?: string | undefined;
  /** A staff member's calendars (issue 60): the list holds only them, and a filter on another is 403. */
  scope?: CalendarScope;
}

/** A page of the v2 list: its appointments, and the cursor of the next page when one follows. */
export interface AppointmentListPage {
  items: AppointmentView[];
  nextCursor?: string;
}

export interface AppointmentListServiceDeps {
  store: Pick<V1Store, 'appointments' | 'calendars'>;
  cursors: Cursors;
}

const placeOf = (a: AppointmentRecord) => ({
  appointment_id: a.appointment_id,
  calendar_id: a.calendar_id,
  client_id: a.client_id,
  date: a.date,
  start_time: a.start_time,
});

/**
 * v2's list of appointments (GET /api/v2/appointments, docs/CONTRACT.md#appointments): by start (date,
 * start time, id) from one date to another, of one calendar and/or one status, a page at a time. A page is
 * read on from the last item of the page before (its cursor, sealed like v1's: docs/CONTRACT.md#cursors), so
 * any page costs what the first does; one item more than the page is read to know whether another follows.
 */
export class AppointmentListService {
  constructor(private readonly deps: AppointmentListServiceDeps) {}

  async list(entity: EntityContext, query: AppointmentListQuery): Promise<AppointmentListPage> {
    if (query.to < query.from) throw invalidField('to', 'must not be before from');
    if (daysBetween(query.from, query.to) > MAX_LIST_DAYS) throw dateRangeTooLarge(MAX_LIST_DAYS);
    if (query.calendarId !== undefined) refuseOutsideScope(query.scope, query.calendarId);
    const filter: AppointmentFilter = {
      dateFrom: query.from,
      dateTo: query.to,
      calendarId: query.calendarId,
      status: query.status,
      calendarIds: query.calendarId === undefined ? query.scope?.calendarIds : undefined,
    };
    const scope = { entityId: entity.entityId, list: 'v2-appointments', query: filter };
    const request = { page: 1, perPage: query.limit, cursor: query.cursor };
    const at = await this.deps.cursors.open<ReturnType<typeof placeOf>>(scope, request);
    const [calendars, read] = await Promise.all([
      this.deps.store.calendars.list(entity.entityId),
      this.deps.store.appointments.list({
        entityId: entity.entityId,
        filter,
        offset: at.offset,
        limit: query.limit + 1,
        after: at.after,
      }),
    ]);
    if (query.calendarId !== undefined && !calendars.some((c) => c.calendar_id === query.calendarId))
      throw new AppError('not_found', 'CALENDAR_NOT_FOUND', 'calendar not found');
    const items = read.slice(0, query.limit);
    const last = items.at(-1);
    const nextCursor = await this.deps.cursors.next({
      scope,
      request,
      at,
      shown: items.length,
      // One more than shown when the read found an item past the page: the cursor is made then only.
      total: at.offset + items.length + (read.length > query.limit ? 1 : 0),
      after: last && placeOf(last),
    });
    const names = new Map(calendars.map((c) => [c.calendar_id, c.calendar_name]));
    return {
      items: items.map((appointment) => ({
        appointment,
        calendarName: names.get(appointment.calendar_id) ?? '',
      })),
      ...(nextCursor ? { nextCursor } : {}),
    };
  }
}
