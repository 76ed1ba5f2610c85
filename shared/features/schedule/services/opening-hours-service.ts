import { AppError } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { DayStatus, PeriodTimes } from '../domain/day-status';
import { type Holiday, publicHoliday } from '../domain/holidays';
import { type DayHours, dayHoursFor, type WeeklyHours } from '../domain/opening-hours';

import type { ClosureStore, HoursStore } from '../ports';

export type { DayStatus, PeriodTimes } from '../domain/day-status';

const periods = (day: DayHours): PeriodTimes => ({
  start_time1: day.start_time1,
  end_time1: day.end_time1,
  start_time2: day.start_time2,
  end_time2: day.end_time2,
});

export const dayIsClosed = (): AppError =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', 'the day is closed');

/** What the opening hours need: the weekly hours and the closure days. */
export interface OpeningHoursServiceDeps {
  hours: HoursStore;
  closures: ClosureStore;
}

/** Opening hours, public holidays and closure days of an entity. */
export class OpeningHoursService {
  constructor(private readonly deps: OpeningHoursServiceDeps) {}

  /** The seven weekday records, mon..sun. */
  async week(entity: EntityContext): Promise<WeeklyHours> {
    const week = await this.deps.hours.get(entity.entityId);
    if (!week) throw new Error(`entity ${entity.entityId} has no opening hours`);
    return week;
  }

  /** The entity's own closure day on a date, if any (public holidays are not read: statusOf knows them). */
  closureOn(entity: EntityContext, date: string): Promise<Holiday | null> {
    return this.deps.closures.get(entity.entityId, date);
  }

  /**
   * 1. The entity's own closure day wins (it names the closure); 2. else a public holiday of its country;
   * 3. a holiday closes the whole day; 4. otherwise the weekday's hours decide (a calendar's own week when
   * given, docs/CONTRACT.md#services-and-staff). The week and the closure are read together.
   */
  async dayStatus(entity: EntityContext, date: string, calendarWeek?: WeeklyHours): Promise<DayStatus> {
    const [week, closure] = await Promise.all([
      calendarWeek ?? this.week(entity),
      this.closureOn(entity, date),
    ]);
    return this.statusOf(entity, date, week, closure);
  }

  /** dayStatus from what was read: the week that applies and the date's closure day, if any. */
  statusOf(entity: EntityContext, date: string, week: WeeklyHours, closure: Holiday | null): DayStatus {
    const holiday = closure ?? publicHoliday(date, entity.settings.country);
    const day = dayHoursFor(week, date);
    const open = holiday === null && day.is_open === 1;
    return {
      is_open: open,
      is_holiday: holiday !== null,
      opening_hours: open ? periods(day) : null,
      holiday,
      day,
    };
  }

  /** The periods of an open date; a closed day or holiday is 404 `the day is closed`. */
  async hoursOn(entity: EntityContext, date: string): Promise<PeriodTimes> {
    const status = await this.dayStatus(entity, date);
    if (!status.opening_hours) throw dayIsClosed();
    return status.opening_hours;
  }
}
