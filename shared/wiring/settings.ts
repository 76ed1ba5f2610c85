/** The composition root, settings: the self-service settings, weekly hours and closure days. */
import { EntityRepository } from '../repositories/operations/entity-repository';
import { CalendarRepository } from '../repositories/schedule/calendar-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../repositories/settings/entity-config-repository';
import { EntityConfigService } from '../services/settings/entity-config-service';
import { once, table } from './core';

/** Settings, weekly hours and closure days of the token's entity (v2 management routes). */
export const entityConfigService = /* @__PURE__ */ once(
  () =>
    new EntityConfigService({
      entities: new EntityRepository(table()),
      settings: new SettingsRepository(table()),
      hours: new OpeningHoursRepository(table()),
      closures: new ClosureDayRepository(table()),
      calendars: new CalendarRepository(table()),
    }),
);
