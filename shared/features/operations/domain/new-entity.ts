import type { EntityRecord } from '../../access';
import type { CalendarRecord, WeeklyHours } from '../../schedule';
import type { EntitySettings } from '../../settings';

/** Everything a new entity starts with, written at once. */
export interface NewEntity {
  entity: EntityRecord;
  settings: EntitySettings;
  hours: WeeklyHours;
  calendar: CalendarRecord;
}
