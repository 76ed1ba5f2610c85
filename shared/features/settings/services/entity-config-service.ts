import { isValidIsoDate } from '../../../core/dates';
import { AppError, invalidField } from '../../../core/errors';
import { jitteredPause, MAX_ATTEMPTS } from '../../../core/jobs/retry';
import type {
  CalendarDirectory,
  CalendarReader,
  ClosureAdmin,
  ClosureSlots,
  HoursAdmin,
} from '../../schedule';
import {
  buildDayHours,
  type Holiday,
  isSupportedCountry,
  MAX_FUTURE_SLOTS,
  openDaysSlots,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../schedule';
import { type EntitySettings, settingsPatchSchema } from '../domain/entity';
import { localeLanguageProblem } from '../domain/notification-settings';
import type { SettingsLookup, SettingsStore } from '../ports';

/** The stores an entity's own configuration lives in. */
export interface EntityConfigServiceDeps {
  entities: SettingsStore;
  settings: SettingsLookup;
  hours: HoursAdmin;
  closures: ClosureAdmin;
  calendars: CalendarReader & CalendarDirectory;
  slots: ClosureSlots;
  /** The clock of the slots' updated_at. */
  now?: () => Date;
}

/** A closure day as added: how many slots it closed, and how many booked appointments the day holds (kept). */
export interface ClosureAdded {
  closure: Holiday;
  closedSlots: number;
  bookedAppointments: number;
}

/** One weekday's opening hours as a client sends them: up to two periods, or closed. */
export interface DayHoursChange {
  day_of_week: string;
  is_open: boolean;
  periods: Array<[string, string]>;
}

/** Refuses settings or hours whose open days would pass a calendar's future slots (docs/CONTRACT.md#open-days). */
function checkSlotBudget(field: string, week: WeeklyHours, settings: EntitySettings): void {
  if (settings.open_days_ahead <= 0) return;
  const slots = openDaysSlots(week, settings.slot_duration, settings.open_days_ahead);
  if (slots > MAX_FUTURE_SLOTS) {
    throw invalidField(
      field,
      `would open up to ${slots} future slots: a calendar holds at most ${MAX_FUTURE_SLOTS} (fewer days, shorter hours or longer slots)`,
    );
  }
}

const notFound = (entityId: string) =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', `entity ${entityId} not found`);

/** A closure day's date: a real calendar date, YYYY-MM-DD. */
export function checkClosureDate(date: string): void {
  if (!isValidIsoDate(date)) throw invalidField('date', 'invalid date, expected YYYY-MM-DD');
}

/**
 * A settings change as given (API body or admin flags): each value checked, the ones left out dropped;
 * none left is an error, as is a country the holiday data does not know. Needs no store.
 */
export function parseSettingsPatch(patch: Record<string, unknown>) {
  const parsed = settingsPatchSchema().safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(String(issue?.path[0] ?? 'settings'), issue?.message ?? 'invalid');
  }
  const change = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  if (Object.keys(change).length === 0) {
    throw invalidField(
      'body',
      `send at least one setting: ${Object.keys(settingsPatchSchema().shape).join(', ')}`,
    );
  }
  if (change.country !== undefined && !isSupportedCountry(String(change.country))) {
    throw invalidField('country', 'must be a country (or country-state) the public holiday data knows');
  }
  return change;
}

/**
 * An entity's settings, weekly hours and closure days (docs/CONTRACT.md#self-service), for the admin CLI
 * and the v2 management routes alike. None of these changes touches a slot or an appointment that exists.
 */
export class EntityConfigService {
  private readonly now: () => Date;

  constructor(private readonly deps: EntityConfigServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async settings(entityId: string): Promise<EntitySettings> {
    const read = await this.deps.settings.get(entityId);
    if (!read) throw notFound(entityId);
    const { version: _version, ...settings } = read;
    return settings;
  }

  /**
   * Changes any subset of the settings: each field with the bounds generation enforces, a country the
   * holiday data knows, a default calendar of the entity. Re-read and applied again when another change
   * came between the read and the write.
   */
  async updateSettings(entityId: string, patch: Record<string, unknown>): Promise<EntitySettings> {
    const change = parseSettingsPatch(patch);
    if (change.default_calendar_id !== undefined) {
      const calendar = await this.deps.calendars.get(entityId, Number(change.default_calendar_id));
      if (!calendar) throw invalidField('default_calendar_id', 'must be one of the entity calendars');
      // The default calendar is never inactive (deactivating it is refused): nor is an inactive one made it.
      if (!calendar.is_active)
        throw invalidField(
          'default_calendar_id',
          `calendar ${calendar.calendar_id} is inactive: activate it first`,
        );
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [entity, read] = await Promise.all([
        this.deps.entities.get(entityId),
        this.deps.settings.get(entityId),
      ]);
      if (!entity || !read) throw notFound(entityId);
      const { version: _version, ...current } = read;
      const next = { ...current, ...change };
      if (change.open_days_ahead !== undefined || change.slot_duration !== undefined) {
        const week = await this.deps.hours.get(entityId);
        if (week) {
          const field = change.open_days_ahead !== undefined ? 'open_days_ahead' : 'slot_duration';
          checkSlotBudget(field, week, next as EntitySettings);
        }
      }
      // The e-mails' words and dates speak one language (docs/CONTRACT.md#notifications).
      const mismatch = localeLanguageProblem(next.locale, next.language);
      if (mismatch) throw invalidField('locale', mismatch);
      if (await this.deps.entities.replaceSettings(entityId, read, next, entity.token_hashes)) return next;
      // Another change came first: apply this one on top of it, after a short, growing, jittered pause.
      await jitteredPause(attempt);
    }
    throw new AppError('conflict', 'INVALID_PARAMETER', 'settings are changing concurrently, retry');
  }

  /** Sets one weekday's periods (closed: none); returns the seven records after. */
  async setDayHours(entityId: string, change: DayHoursChange): Promise<WeeklyHours> {
    const index = WEEKDAYS.indexOf(change.day_of_week as Weekday);
    if (index < 0) throw invalidField('day_of_week', `must be one of ${WEEKDAYS.join(', ')}`);
    const day = buildDayHours(change.day_of_week as Weekday, change.is_open ? change.periods : []);
    if (change.is_open && day.is_open === 0)
      throw invalidField('start_time1', 'is required when is_open is 1');
    const [before, settings] = await Promise.all([
      this.deps.hours.get(entityId),
      this.deps.settings.get(entityId),
    ]);
    if (before && settings) {
      checkSlotBudget(
        'end_time1',
        before.map((d, i) => (i === index ? day : d)),
        settings,
      );
    }
    await this.deps.hours.setDay(entityId, index, day);
    const week = await this.deps.hours.get(entityId);
    if (!week) throw notFound(entityId);
    return week;
  }

  /**
   * Closes a date (docs/CONTRACT.md#self-service): the closure day is stored first (so generation and
   * check-date honour it), then every open slot of the date, in each calendar, is closed and marked as
   * closed by the closure. Appointments stay; the answer counts the places they take that day.
   */
  async addClosureDay(entityId: string, date: string, name: string | undefined): Promise<ClosureAdded> {
    checkClosureDate(date);
    const closure = { date, name: name?.trim() || 'Closure day' };
    await this.deps.closures.put(entityId, closure);
    const slots = await this.slotsOf(entityId, date);
    const now = this.now().toISOString();
    let closedSlots = 0;
    for (const slot of slots.filter((s) => s.status === 'open')) {
      if (await this.deps.slots.closeForClosure(entityId, slot.slot_id, now)) closedSlots++;
    }
    const bookedAppointments = slots.reduce((sum, slot) => sum + slot.taken, 0);
    return { closure, closedSlots, bookedAppointments };
  }

  /**
   * Removes a closure day; false when the date had none. The slots it closed open again, not those closed
   * by hand (before the closure, or since).
   */
  async removeClosureDay(entityId: string, date: string): Promise<boolean> {
    checkClosureDate(date);
    if (!(await this.deps.closures.remove(entityId, date))) return false;
    const now = this.now().toISOString();
    for (const slot of await this.slotsOf(entityId, date)) {
      if (slot.closed_by_closure) await this.deps.slots.reopenAfterClosure(entityId, slot.slot_id, now);
    }
    return true;
  }

  private async slotsOf(entityId: string, date: string) {
    const calendars = await this.deps.calendars.list(entityId);
    const perCalendar = await Promise.all(
      calendars.map((c) => this.deps.slots.listRange(entityId, c.calendar_id, date, date)),
    );
    return perCalendar.flat();
  }

  /** Closure days by date, from `from` on when given. */
  async listClosureDays(entityId: string, from?: string): Promise<Holiday[]> {
    const all = await this.deps.closures.list(entityId);
    return from === undefined ? all : all.filter((closure) => closure.date >= from);
  }
}
