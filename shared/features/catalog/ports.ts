/** The ports of services and staff (docs/CONTRACT.md#services-and-staff), in the services' own types. */

import type { DayHours, WeeklyHours } from '../schedule';
import type { ServiceRecord } from './domain/service';

export interface ServiceStore {
  get(entityId: string, serviceId: number): Promise<ServiceRecord | null>;
  list(entityId: string): Promise<ServiceRecord[]>;
  /** Creates a service; false when the entity has `max` services already. */
  create(entityId: string, service: ServiceRecord, max: number): Promise<boolean>;
  /** Replaces a service that exists; false when it does not. */
  replace(entityId: string, service: ServiceRecord): Promise<boolean>;
  /** Removes a service; false when there was none. */
  remove(entityId: string, serviceId: number): Promise<boolean>;
}

/** One weekday of a calendar's own hours: `day` at `index` (0 Monday); `base` the week it starts from. */
export interface CalendarDayChange {
  entityId: string;
  calendarId: number;
  index: number;
  day: DayHours;
  base: WeeklyHours;
}

/** A calendar's own weekly hours; null: it uses the entity's. */
export interface CalendarHoursStore {
  get(entityId: string, calendarId: number): Promise<WeeklyHours | null>;
  /** Sets one weekday; the other six start as `base` when the calendar had no hours of its own. */
  setDay(change: CalendarDayChange): Promise<void>;
}
