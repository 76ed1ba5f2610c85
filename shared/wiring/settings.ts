/** The composition root, settings: the self-service settings, weekly hours and closure days. */
import { EntityRepository } from '../features/operations/store/entity-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import { EntityConfigService } from '../features/settings/services/entity-config-service';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../features/settings/store/entity-config-repository';
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
      slots: new SlotRepository(table()),
    }),
);
