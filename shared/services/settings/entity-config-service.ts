import { isValidIsoDate } from '../../domain/dates';
import { type EntitySettings, settingsPatchSchema } from '../../domain/entity';
import { AppError, invalidField } from '../../domain/errors';
import { localeLanguageProblem } from '../../domain/mail/notification-settings';
import { type Holiday, isSupportedCountry } from '../../domain/schedule/holidays';
import { buildDayHours, WEEKDAYS, type Weekday, type WeeklyHours } from '../../domain/schedule/opening-hours';
import { jitteredPause, MAX_ATTEMPTS } from '../jobs/retry';
import type { CalendarReader, ClosureAdmin, HoursAdmin } from '../schedule/ports';
import type { EntityStore, SettingsLookup } from './ports';

/** The stores an entity's own configuration lives in. */
export interface ConfigStores {
  entities: Pick<EntityStore, 'get' | 'replaceSettings'>;
  settings: SettingsLookup;
  hours: HoursAdmin;
  closures: ClosureAdmin;
  calendars: CalendarReader;
}

/** One weekday's opening hours as a client sends them: up to two periods, or closed. */
export interface DayHoursChange {
  day_of_week: string;
  is_open: boolean;
  periods: Array<[string, string]>;
}

const notFound = (entityId: string) =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', `entity ${entityId} not found`);

/**
 * An entity's settings, weekly hours and closure days (docs/CONTRACT.md#self-service), for the admin CLI
 * and the v2 management routes alike. None of these changes touches a slot or an appointment that exists.
 */
export class EntityConfigService {
  constructor(private readonly repos: ConfigStores) {}

  async settings(entityId: string): Promise<EntitySettings> {
    const read = await this.repos.settings.get(entityId);
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
    if (parsed.data.default_calendar_id !== undefined) {
      const calendar = await this.repos.calendars.get(entityId, parsed.data.default_calendar_id);
      if (!calendar) throw invalidField('default_calendar_id', 'must be one of the entity calendars');
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [entity, read] = await Promise.all([
        this.repos.entities.get(entityId),
        this.repos.settings.get(entityId),
      ]);
      if (!entity || !read) throw notFound(entityId);
      const { version: _version, ...current } = read;
      const next = { ...current, ...change };
      // The e-mails' words and dates speak one language (docs/CONTRACT.md#notifications).
      const mismatch = localeLanguageProblem(next.locale, next.language);
      if (mismatch) throw invalidField('locale', mismatch);
      if (await this.repos.entities.replaceSettings(entityId, read, next, entity.token_hashes)) return next;
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
    await this.repos.hours.setDay(entityId, index, day);
    const week = await this.repos.hours.get(entityId);
    if (!week) throw notFound(entityId);
    return week;
  }

  async addClosureDay(entityId: string, date: string, name: string | undefined): Promise<Holiday> {
    if (!isValidIsoDate(date)) throw invalidField('date', 'invalid date, expected YYYY-MM-DD');
    const holiday = { date, name: name?.trim() || 'Closure day' };
    await this.repos.closures.put(entityId, holiday);
    return holiday;
  }

  /** Removes a closure day; false when the date had none. */
  async removeClosureDay(entityId: string, date: string): Promise<boolean> {
    if (!isValidIsoDate(date)) throw invalidField('date', 'invalid date, expected YYYY-MM-DD');
    return this.repos.closures.remove(entityId, date);
  }

  /** Closure days by date, from `from` on when given. */
  async listClosureDays(entityId: string, from?: string): Promise<Holiday[]> {
    const all = await this.repos.closures.list(entityId);
    return from === undefined ? all : all.filter((closure) => closure.date >= from);
  }
}
