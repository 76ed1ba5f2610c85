import { addDays, datesInRange, todayIn } from '../../../core/dates';
import { AppError } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { SettingsLookup } from '../../settings';
import type { OpenDaysDirectory, SlotReader } from '../ports';
import type { GenerationBasis, SlotGenerator } from './slot-generator';
import type { SlotService } from './slot-service';

/** What one run did for one entity: the days whose slots it generated. */
export interface OpenDaysRun {
  entityId: string;
  generated: string[];
  /** Why the run stopped early (the next run looks at the same days again). */
  error?: string;
}

export interface OpenDaysServiceDeps {
  directory: OpenDaysDirectory;
  settings: SettingsLookup;
  slots: SlotReader;
  calendars: Pick<SlotService, 'activeCalendars'>;
  generator: Pick<SlotGenerator, 'basisFor' | 'generateOn'>;
  now?: () => Date;
}

/**
 * Slots that open by themselves (docs/CONTRACT.md#open-days): every open day from today to today +
 * open_days_ahead − 1, in the entity's zone, gets its slots as `POST /calendar-slots/generate` makes them,
 * once. A day that has slots is left as it is; closed weekdays, closure days and public holidays are skipped
 * (generation refuses them). Concurrent runs and manual generations never duplicate a start time: the
 * generator's start-time guards decide.
 */
export class OpenDaysService {
  private readonly now: () => Date;

  constructor(private readonly deps: OpenDaysServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Opens the days of one entity. `after`: the last day an earlier run looked at, so only later days are
   * looked at (the scheduled run); absent, every day of the horizon is (a change of settings, hours or
   * closures).
   */
  async openEntity(entityId: string, after: string | null = null): Promise<OpenDaysRun> {
    const run: OpenDaysRun = { entityId, generated: [] };
    const read = await this.deps.settings.get(entityId);
    if (!read || read.open_days_ahead <= 0) return run;
    const { version: _version, ...settings } = read;
    const entity: EntityContext = { entityId, settings };
    const today = todayIn(settings.timezone, this.now());
    const last = addDays(today, settings.open_days_ahead - 1);
    const from = after !== null && after >= today ? addDays(after, 1) : today;
    if (from > last) return run;

    // Every active calendar, each from its own hours (docs/CONTRACT.md#services-and-staff).
    for (const calendar of await this.deps.calendars.activeCalendars(entity)) {
      const slots = await this.deps.slots.listRange(entityId, calendar.calendar_id, from, last);
      const withSlots = new Set(slots.map((slot) => slot.date));
      // The calendar and the week its days follow are read once for the run, each date's closure day and
      // slots with the date.
      let basis: GenerationBasis | undefined;
      for (const date of datesInRange(from, last)) {
        if (withSlots.has(date)) continue;
        try {
          basis ??= await this.deps.generator.basisFor(entity, calendar);
          const { created } = await this.deps.generator.generateOn(entity, basis, { date });
          if (created > 0 && !run.generated.includes(date)) run.generated.push(date);
        } catch (error) {
          // A closed day, holiday or closure day (409) has no slots; another generation of the date won.
          if (error instanceof AppError && error.kind === 'conflict') continue;
          throw error;
        }
      }
    }
    await this.deps.directory.markOpened(entityId, last);
    return run;
  }

  /**
   * The scheduled run: each entity of the directory, from the day after its last run. One entity's
   * failure does not stop the others; it is reported, and its days are looked at again next time.
   */
  async openAll(): Promise<OpenDaysRun[]> {
    const runs: OpenDaysRun[] = [];
    for (const entry of await this.deps.directory.list()) {
      runs.push(
        await this.openEntity(entry.entityId, entry.openedThrough).catch((error: unknown) => ({
          entityId: entry.entityId,
          generated: [],
          error: (error as Error).message,
        })),
      );
    }
    return runs;
  }
}
