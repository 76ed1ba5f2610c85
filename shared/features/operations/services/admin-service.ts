import { randomBytes } from 'node:crypto';
import { AppError, invalidField } from '../../../core/errors';
import type { LimitStore, PublishableKey, PublishableKeyStore } from '../../access';
import { KeyService, LimitService, NO_LIMITS } from '../../access';
import type { CalendarFeedStore } from '../../mail';
import type {
  CalendarAdmin,
  CalendarDirectory,
  ClosureAdmin,
  ClosureSlots,
  HoursAdmin,
  IdSource,
} from '../../schedule';
import { DEMO_HOURS, MAX_CALENDARS, newCalendar, type WeeklyHours } from '../../schedule';
import type { SettingsLookup } from '../../settings';
import {
  AccountIdSchema,
  DEFAULT_SETTINGS,
  EntityConfigService,
  type EntitySettings,
  localeLanguageProblem,
  settingsPatchSchema,
} from '../../settings';
import type { WebhookStore } from '../../webhooks';
import type { EntityStore } from '../ports';
import { calendarName, checkDay } from './admin-arguments';
import { type Credentials, credentialsOf, hashesOf, secretOf } from './credentials';

/** The stores entity administration writes to. */
export interface AdminStores {
  entities: EntityStore;
  settings: SettingsLookup;
  hours: HoursAdmin;
  closures: ClosureAdmin;
  calendars: CalendarAdmin & CalendarDirectory;
  slots: ClosureSlots;
  sequence: IdSource;
  publishableKeys: PublishableKeyStore;
  limits: LimitStore;
  feeds: Pick<CalendarFeedStore, 'endAll'>;
  webhooks: Pick<WebhookStore, 'list' | 'remove'>;
}

/**
 * What a rotation did besides the tokens (docs/CONTRACT.md#secrets): the feed address ended, and the
 * publishable keys and webhooks that remain (or, with `revokeAll`, were deleted).
 */
export interface Rotated extends Credentials {
  calendar_feed_ended: boolean;
  remaining: { publishable_keys: PublishableKey[]; webhooks: Array<{ id: string; url: string }> };
  revoked: { publishable_keys: string[]; webhooks: string[] };
}

export interface NewEntityOptions {
  accountId: string;
  secret?: string;
  name?: string;
  hours?: WeeklyHours;
  settings?: Partial<Omit<EntitySettings, 'default_calendar_id'>>;
  calendarName?: string;
}

const widgetId = (): string => `wdg_${randomBytes(8).toString('hex')}`;
const notFound = (accountId: string) =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', `entity ${accountId} not found`);

/** What the admin needs: the stores it reads and writes (AdminStores), and a clock (tests set it). */
export interface AdminServiceDeps extends AdminStores {
  now?: () => Date;
}

/** Entity administration: creation, secrets, hours, closure days, settings, calendars (admin CLI, demo). */
export class AdminService {
  private readonly config: EntityConfigService;

  private readonly deps: AdminStores;
  private readonly now: () => Date;

  constructor(deps: AdminServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
    this.config = new EntityConfigService(deps);
  }

  /** The entity, or `entity <id> not found` (the CLI asks it before another feature's write). */
  async requireEntity(accountId: string) {
    const entity = await this.deps.entities.get(accountId);
    if (!entity) throw notFound(accountId);
    return entity;
  }

  /** Creates an entity with its settings, weekly hours, default calendar and tokens, in one transaction. */
  async createEntity(options: NewEntityOptions): Promise<Credentials> {
    return this.create(options, secretOf(options.secret));
  }

  private async create(options: NewEntityOptions, secret: string): Promise<Credentials> {
    const accountId = AccountIdSchema.parse(options.accountId);
    if (await this.deps.entities.get(accountId)) {
      throw new AppError('conflict', 'INVALID_PARAMETER', `entity ${accountId} already exists`);
    }
    const settings = settingsPatchSchema().parse({
      ...DEFAULT_SETTINGS,
      name: options.name ?? accountId,
      ...options.settings,
    });
    const mismatch = localeLanguageProblem(
      settings.locale ?? null,
      settings.language ?? DEFAULT_SETTINGS.language,
    );
    if (mismatch) throw invalidField('locale', mismatch);
    const credentials = credentialsOf(accountId, secret);
    const now = this.now().toISOString();
    const calendarId = 1;
    await this.deps.entities.create({
      entity: {
        entity_account_id: accountId,
        name: options.name ?? accountId,
        token_hashes: hashesOf(credentials),
        created_at: now,
        updated_at: now,
      },
      settings: { ...DEFAULT_SETTINGS, ...settings, default_calendar_id: calendarId },
      hours: options.hours ?? DEMO_HOURS,
      calendar: newCalendar({
        id: calendarId,
        name: options.calendarName ?? 'Default calendar',
        timezone: settings.timezone ?? DEFAULT_SETTINGS.timezone,
        widgetId: widgetId(),
        now,
      }),
    });
    return credentials;
  }

  /**
   * Makes sure an entity exists with exactly this secret (the demo entity of `npm start`):
   * creates it when missing, rotates to this secret when it was started with another one.
   */
  async ensureEntity(
    options: NewEntityOptions & { secret: string },
  ): Promise<{ created: boolean; credentials: Credentials }> {
    const existing = await this.deps.entities.get(options.accountId);
    // The local demo's secret (`npm start`) may be short: it guards nothing but a laptop's demo data.
    if (!existing) return { created: true, credentials: await this.create(options, options.secret) };
    const credentials = credentialsOf(options.accountId, options.secret);
    const wanted = hashesOf(credentials);
    if (existing.token_hashes.v1 !== wanted.v1 || existing.token_hashes.v2 !== wanted.v2) {
      await this.deps.entities.replaceTokens({
        entityId: options.accountId,
        old: existing.token_hashes,
        next: wanted,
        now: this.now().toISOString(),
        settings: await this.requireSettings(options.accountId),
      });
    }
    return { created: false, credentials };
  }

  /**
   * Replaces the secret (the old tokens stop at once) and revokes what a thief of the old one could have
   * made: the feed address ends; the publishable keys and webhook subscriptions are listed, or with
   * `revokeAll` deleted.
   */
  async rotateSecret(accountId: string, newSecret?: string, revokeAll = false): Promise<Rotated> {
    const entity = await this.requireEntity(accountId);
    const secret = secretOf(newSecret);
    const credentials = credentialsOf(accountId, secret);
    const next = hashesOf(credentials);
    // The same secret would keep the tokens a rotation ends (and write its token items twice): refused.
    if (next.v2 === entity.token_hashes.v2 || next.v1 === entity.token_hashes.v1)
      throw invalidField('secret', 'is the current secret: a rotation needs another one');
    await this.deps.entities.replaceTokens({
      entityId: accountId,
      old: entity.token_hashes,
      next,
      now: this.now().toISOString(),
      settings: await this.requireSettings(accountId),
    });
    const calendar_feed_ended = await this.deps.feeds.endAll(accountId);
    const keys = await this.deps.publishableKeys.list(accountId);
    const hooks = (await this.deps.webhooks.list(accountId)).map((w) => ({ id: w.id, url: w.url }));
    const revoked: Rotated['revoked'] = { publishable_keys: [], webhooks: [] };
    if (revokeAll) {
      for (const key of keys) {
        if (await this.deps.publishableKeys.remove(accountId, key.id)) revoked.publishable_keys.push(key.id);
      }
      for (const hook of hooks) {
        if (await this.deps.webhooks.remove(accountId, hook.id)) revoked.webhooks.push(hook.id);
      }
    }
    const remaining = revokeAll
      ? { publishable_keys: [], webhooks: [] }
      : { publishable_keys: keys, webhooks: hooks };
    return { ...credentials, calendar_feed_ended, remaining, revoked };
  }

  async listEntities(): Promise<string[]> {
    return this.deps.entities.list();
  }

  /** Sets one weekday's periods (none = closed). */
  async setDayHours(accountId: string, day: string, periods: Array<[string, string]>) {
    await this.requireEntity(accountId);
    checkDay(day);
    const week = await this.config.setDayHours(accountId, {
      day_of_week: day,
      is_open: periods.length > 0,
      periods,
    });
    return week.find((d) => d.day_of_week === day);
  }

  async addClosureDay(accountId: string, date: string, name: string) {
    await this.requireEntity(accountId);
    const added = await this.config.addClosureDay(accountId, date, name);
    return {
      ...added.closure,
      closed_slots: added.closedSlots,
      booked_appointments: added.bookedAppointments,
    };
  }

  async removeClosureDay(accountId: string, date: string): Promise<boolean> {
    await this.requireEntity(accountId);
    return this.config.removeClosureDay(accountId, date);
  }

  async listClosureDays(accountId: string) {
    await this.requireEntity(accountId);
    return this.config.listClosureDays(accountId);
  }

  /** Changes settings; a default calendar must be one of the entity's calendars. */
  async updateSettings(accountId: string, patch: Record<string, unknown>): Promise<EntitySettings> {
    await this.requireEntity(accountId);
    return this.config.updateSettings(accountId, patch);
  }

  /** An entity's publishable keys, without the keys. */
  async listKeys(accountId: string) {
    await this.requireEntity(accountId);
    return new KeyService({ keys: this.deps.publishableKeys }).list(accountId);
  }

  /** Removes a publishable key: it stops working at once. */
  async removeKey(accountId: string, keyId: string) {
    await this.requireEntity(accountId);
    await new KeyService({ keys: this.deps.publishableKeys }).remove(accountId, keyId);
    return { removed: keyId };
  }

  /** Sets some of an entity's limits (0 = no limit); answers the limits set for it (others: the stage's). */
  async setLimits(accountId: string, patch: Record<string, unknown>) {
    await this.requireEntity(accountId);
    await new LimitService({ store: this.deps.limits, defaults: NO_LIMITS }).setLimits(accountId, patch);
    return (await this.deps.limits.get(accountId)) ?? {};
  }

  private async requireSettings(accountId: string) {
    const settings = await this.deps.settings.get(accountId);
    if (!settings) throw notFound(accountId);
    return settings;
  }

  /** Creates a calendar with the next id of the entity's sequence. */
  async createCalendar(accountId: string, name: string, timezone?: string) {
    await this.requireEntity(accountId);
    const settings = await this.deps.settings.get(accountId);
    const zone = settingsPatchSchema().parse({
      timezone: timezone ?? settings?.timezone ?? DEFAULT_SETTINGS.timezone,
    }).timezone;
    const trimmed = calendarName(name);
    const [id] = await this.deps.sequence.next(accountId);
    if (id === undefined) throw new Error('no id allocated');
    const calendar = newCalendar({
      id,
      name: trimmed,
      timezone: zone ?? DEFAULT_SETTINGS.timezone,
      widgetId: widgetId(),
      now: this.now().toISOString(),
    });
    if (!(await this.deps.calendars.create(accountId, calendar, MAX_CALENDARS)))
      throw new AppError('conflict', 'INVALID_PARAMETER', `an entity has at most ${MAX_CALENDARS} calendars`);
    return calendar;
  }

  async setCalendarActive(accountId: string, calendarId: number, active: boolean) {
    await this.requireEntity(accountId);
    const calendar = await this.deps.calendars.update(
      accountId,
      calendarId,
      { is_active: active },
      this.now().toISOString(),
    );
    if (!calendar) throw new AppError('not_found', 'CALENDAR_NOT_FOUND', `calendar ${calendarId} not found`);
    return calendar;
  }
}
