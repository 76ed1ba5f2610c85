/**
 * The composition root, schedule: opening hours and closure days, slots, slot generation, and the slots
 * that open by themselves (open_days_ahead), for AWS and locally.
 */

import { configChangeOf, type StreamRecordLike } from '../adapters/stream-changes';
import { logger } from '../logger';
import { SequenceRepository } from '../repositories/booking/sequence-repository';
import { CalendarHoursRepository } from '../repositories/catalog/calendar-hours-repository';
import { CalendarRepository } from '../repositories/schedule/calendar-repository';
import { OpenDaysRepository } from '../repositories/schedule/open-days-repository';
import { SlotRepository } from '../repositories/schedule/slot-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../repositories/settings/entity-config-repository';
import { type OpenDaysRun, OpenDaysService } from '../services/schedule/open-days-service';
import { OpeningHoursService } from '../services/schedule/opening-hours-service';
import { SlotGenerator } from '../services/schedule/slot-generator';
import { SlotService } from '../services/schedule/slot-service';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { once, table } from './core';

export const openingHoursService = /* @__PURE__ */ once(
  () =>
    new OpeningHoursService({
      hours: new OpeningHoursRepository(table()),
      closures: new ClosureDayRepository(table()),
    }),
);
export const slotService = /* @__PURE__ */ once(
  () => new SlotService({ slots: new SlotRepository(table()), calendars: new CalendarRepository(table()) }),
);
export const slotGenerator = /* @__PURE__ */ once(
  () =>
    new SlotGenerator({
      slots: new SlotRepository(table()),
      ids: new SequenceRepository(table()),
      calendars: slotService(),
      hours: openingHoursService(),
      calendarHours: new CalendarHoursRepository(table()),
    }),
);
/** Slots that open by themselves (open_days_ahead): the scheduled run and the run after a change. */
export const openDaysService = /* @__PURE__ */ once(
  () =>
    new OpenDaysService({
      directory: new OpenDaysRepository(table()),
      settings: new SettingsRepository(table()),
      slots: new SlotRepository(table()),
      calendars: slotService(),
      generator: slotGenerator(),
    }),
);

const report = (runs: OpenDaysRun[]): OpenDaysRun[] => {
  for (const run of runs) {
    if (run.error) logger.error('open days: run failed', { entity: run.entityId, error: run.error });
    else if (run.generated.length > 0)
      logger.info('open days: slots generated', { entity: run.entityId, days: run.generated });
  }
  return runs;
};

/**
 * The entities whose settings, hours or closure days a batch of stream records changed: each gets every
 * day of its horizon looked at again. A failure fails the batch, which the stream hands over again
 * (runs are idempotent: a day with slots is left as it is).
 */
export const openDaysAfterChanges = (records: readonly StreamRecordLike[]): Promise<OpenDaysRun[]> =>
  instrumented(EVENT_ROUTES.openDays, async () => {
    const entities = new Set(records.map(configChangeOf).filter((id): id is string => id !== null));
    const runs: OpenDaysRun[] = [];
    for (const entityId of entities) runs.push(await openDaysService().openEntity(entityId));
    return report(runs);
  });

/** The scheduled run: every entity of the open-days directory, from the day after its last run. */
export const openDaysOfAll = (): Promise<OpenDaysRun[]> =>
  instrumented(EVENT_ROUTES.openDays, async () => report(await openDaysService().openAll()));
