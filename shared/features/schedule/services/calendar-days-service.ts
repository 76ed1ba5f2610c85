import { calendarNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { CalendarHoursStore } from '../../catalog';
import { type CalendarDay, unionOfPeriods } from '../domain/calendar-days';
import type { DayStatus, PeriodTimes } from '../domain/day-status';
import type { WeeklyHours } from '../domain/opening-hours';
import type { CalendarLister } from '../ports';
import { dayIsClosed, type OpeningHoursService } from './opening-hours-service';

/** A date as check-date answers it; without a calendar asked for, with each active calendar's hours. */
export interface DateStatus extends Omit<DayStatus, 'day'> {
  calendars?: CalendarDay[];
}

/** The hours of an open date; without a calendar asked for, with each active calendar's hours. */
export type DateHours = PeriodTimes & { calendars?: CalendarDay[] };

/** What a date across the staff needs: the entity's hours and closures, its calendars and their own weeks. */
export interface CalendarDaysServiceDeps {
  hours: OpeningHoursService;
  calendars: CalendarLister;
  calendarHours: Pick<CalendarHoursStore, 'get'>;
}

/**
 * Whether a date is open, for one calendar or for the business (docs/CONTRACT.md#services-and-staff): a
 * calendar follows its own week, else the entity's; a closure day or public holiday closes every calendar;
 * the business is open when any active calendar is, and with several its answer lists each one's hours.
 */
export class CalendarDaysService {
  constructor(private readonly deps: CalendarDaysServiceDeps) {}

  /** check-date: one calendar's day (404 for an unknown or inactive one), or the business's. */
  async dateStatus(entity: EntityContext, date: string, calendarId?: number): Promise<DateStatus> {
    const { hours } = this.deps;
    if (calendarId !== undefined) {
      const [calendar, own, closure] = await Promise.all([
        this.deps.calendars.get(entity.entityId, calendarId),
        this.deps.calendarHours.get(entity.entityId, calendarId),
        hours.closureOn(entity, date),
      ]);
      if (!calendar?.is_active) throw calendarNotFound();
      const week = own ?? (await hours.week(entity));
      const { day: _day, ...status } = hours.statusOf(entity, date, week, closure);
      return status;
    }
    const [all, week, closure] = await Promise.all([
      this.deps.calendars.list(entity.entityId),
      hours.week(entity),
      hours.closureOn(entity, date),
    ]);
    const active = all.filter((c) => c.is_active).sort((a, b) => a.calendar_id - b.calendar_id);
    const owns = await Promise.all(
      active.map((c) => this.deps.calendarHours.get(entity.entityId, c.calendar_id)),
    );
    const dayOf = (w: WeeklyHours) => hours.statusOf(entity, date, w, closure);
    const calendars: CalendarDay[] = active.map((c, i) => {
      const status = dayOf(owns[i] ?? week);
      return {
        calendar_id: c.calendar_id,
        calendar_name: c.calendar_name,
        is_open: status.is_open,
        opening_hours: status.opening_hours,
      };
    });
    const { day: _day, ...business } = dayOf(week);
    // One calendar (or none listed): its day is the business's, answered as it always was, without a list.
    if (calendars.length <= 1) {
      const only = calendars[0];
      return only ? { ...business, is_open: only.is_open, opening_hours: only.opening_hours } : business;
    }
    const open = business.holiday === null && calendars.some((c) => c.is_open);
    return {
      is_open: open,
      is_holiday: business.is_holiday,
      opening_hours: open ? unionOfPeriods(calendars.map((c) => c.opening_hours)) : null,
      holiday: business.holiday,
      calendars,
    };
  }

  /** The periods of an open date (one calendar's, or the business's with each calendar's); closed: 404. */
  async hoursOn(entity: EntityContext, date: string, calendarId?: number): Promise<DateHours> {
    const status = await this.dateStatus(entity, date, calendarId);
    if (!status.opening_hours) throw dayIsClosed();
    return { ...status.opening_hours, ...(status.calendars ? { calendars: status.calendars } : {}) };
  }
}
