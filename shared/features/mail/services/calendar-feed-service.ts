import { addDays, todayIn } from '../../../core/dates';
import { busy, calendarNotFound } from '../../../core/errors';
import { jitteredPause, MAX_ATTEMPTS } from '../../../core/jobs/retry';
import { randomToken, sha256Hex } from '../../access';
import type { AppointmentRecord } from '../../booking';
import type { CalendarRecord } from '../../schedule';
import type { EntitySettings } from '../../settings';
import { businessName } from '../../settings';
import { feedIcs } from '../domain/ics';
import { feedEntryText } from '../domain/mail-content';
import { calendarUid } from '../domain/notifications';
import { withService } from '../domain/staff-texts';
import type { CalendarFeedStore, FeedOwner } from '../ports';

/** How far back the feed goes, and how many appointments it holds at most. */
export const FEED_DAYS_BACK = 30;
export const FEED_MAX_ENTRIES = 2000;

/** A feed token: 256 random bits, base64url (43 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface FeedReads {
  entity(entityId: string): Promise<{ name: string; settings: EntitySettings } | null>;
  appointmentsFrom(
    entityId: string,
    calendarId: number,
    from: string,
    limit: number,
  ): Promise<Array<AppointmentRecord & { ics_sequence?: number }>>;
  /** The entity's calendars (staff); absent: the feed holds the default calendar only. */
  calendars?(entityId: string): Promise<CalendarRecord[]>;
  /** One calendar of the entity, or null (a calendar's own feed). */
  calendar?(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
}

/** What the staff feed needs: its secret tokens, what it reads, a clock. */
export interface CalendarFeedServiceDeps {
  store: CalendarFeedStore;
  reads: FeedReads;
  now?: () => Date;
}

/**
 * The staff calendar feeds (docs/NOTIFICATIONS.md#calendar-feed): a secret address per entity, and one per
 * calendar for its staff member, each replaced when asked again. The entity's answers the appointments of
 * every calendar (docs/CONTRACT.md#services-and-staff) from 30 days back as an iCalendar file, each entry
 * naming its calendar when there is more than one; a calendar's answers that calendar's only. Every word
 * of it is in the entity's language.
 */
export class CalendarFeedService {
  private readonly now: () => Date;

  constructor(private readonly deps: CalendarFeedServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A new secret token for the entity's feed, or with `calendarId` for that calendar's (404 when the entity
   * has no such calendar); the previous one stops answering at once.
   */
  async issue(entityId: string, calendarId?: number): Promise<string> {
    const owner = await this.owner(entityId, calendarId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const token = randomToken(32);
      if (await this.deps.store.replace(owner, sha256Hex(token), this.now().toISOString())) return token;
      // Another replacement came first: this one goes on top of it, after a short, growing, jittered pause.
      await jitteredPause(attempt);
    }
    throw busy();
  }

  /** Whether the feed has an address, and since when (the address itself is never kept). */
  async status(
    entityId: string,
    calendarId?: number,
  ): Promise<{ exists: boolean; createdAt: string | null }> {
    const current = await this.deps.store.current(await this.owner(entityId, calendarId));
    return { exists: current !== null, createdAt: current?.createdAt ?? null };
  }

  /** Ends the feed's address: it answers 404 at once. False when there was none. */
  async end(entityId: string, calendarId?: number): Promise<boolean> {
    return this.deps.store.end(await this.owner(entityId, calendarId));
  }

  /** The entity's feed, or a calendar's of the entity (404 `calendar not found or inactive` otherwise). */
  private async owner(entityId: string, calendarId?: number): Promise<FeedOwner> {
    if (calendarId === undefined) return { entityId };
    const calendar = this.deps.reads.calendar ? await this.deps.reads.calendar(entityId, calendarId) : null;
    if (!calendar) throw calendarNotFound();
    return { entityId, calendarId };
  }

  /** The feed of a token, or null when the token is not a current one. */
  async render(token: string): Promise<string | null> {
    if (!FEED_TOKEN.test(token)) return null;
    const owner = await this.deps.store.findOwner(sha256Hex(token));
    if (!owner) return null;
    const { entityId, calendarId } = owner;
    const entity = await this.deps.reads.entity(entityId);
    if (!entity) return null;
    const { settings } = entity;
    const from = addDays(todayIn(settings.timezone, this.now()), -FEED_DAYS_BACK);
    const all = this.deps.reads.calendars ? await this.deps.reads.calendars(entityId) : [];
    // A calendar's own feed holds that calendar only (its staff member's), and is named after it too.
    const calendars = calendarId === undefined ? all : all.filter((c) => c.calendar_id === calendarId);
    if (calendarId !== undefined && calendars.length === 0) return null;
    const ids = calendars.length > 0 ? calendars.map((c) => c.calendar_id) : [settings.default_calendar_id];
    const names = new Map(calendars.map((c) => [c.calendar_id, c.calendar_name]));
    const business = businessName(settings, entity.name);
    const appointments = (
      await Promise.all(
        ids.map((id) => this.deps.reads.appointmentsFrom(entityId, id, from, FEED_MAX_ENTRIES)),
      )
    )
      .flat()
      .sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.start_time.localeCompare(b.start_time) ||
          a.appointment_id - b.appointment_id,
      )
      .slice(0, FEED_MAX_ENTRIES);
    return feedIcs(
      calendarId === undefined ? business : `${business} – ${names.get(calendarId) ?? ''}`,
      appointments.map((a) => ({
        uid: calendarUid(entityId, a.appointment_id),
        // The same UID and SEQUENCE as the client's invite: a calendar holding both sees one event.
        sequence: a.ics_sequence ?? 0,
        date: a.date,
        start_time: a.start_time,
        end_time: a.end_time,
        timezone: settings.timezone,
        ...withService(
          feedEntryText(a, settings.language),
          a,
          settings.language,
          ids.length > 1 ? names.get(a.calendar_id) : undefined,
        ),
        cancelled: a.status === 'cancelled',
        stamp: new Date(a.updated_at),
      })),
    );
  }
}
