import { addDays, todayIn } from '../../../core/dates';
import { busy } from '../../../core/errors';
import { jitteredPause, MAX_ATTEMPTS } from '../../../core/jobs/retry';
import { randomToken, sha256Hex } from '../../access';
import type { AppointmentRecord } from '../../booking';
import type { CalendarRecord } from '../../schedule';
import type { EntitySettings } from '../../settings';
import { businessName } from '../../settings';
import { feedIcs } from '../domain/ics';
import { feedEntryText } from '../domain/mail-content';
import { calendarUid } from '../domain/notifications';
import type { CalendarFeedStore } from '../ports';

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
}

/** What the staff feed needs: its secret tokens, what it reads, a clock. */
export interface CalendarFeedServiceDeps {
  store: CalendarFeedStore;
  reads: FeedReads;
  now?: () => Date;
}

/**
 * The staff calendar feed (docs/NOTIFICATIONS.md#calendar-feed): a secret address per entity, replaced
 * when asked again; it answers the appointments of every calendar (docs/CONTRACT.md#services-and-staff)
 * from 30 days back as an iCalendar file; with more than one calendar, each entry names its calendar.
 */
export class CalendarFeedService {
  private readonly now: () => Date;

  constructor(private readonly deps: CalendarFeedServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A new secret token for the entity's feed; the previous one stops answering at once. */
  async issue(entityId: string): Promise<string> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const token = randomToken(32);
      if (await this.deps.store.replace(entityId, sha256Hex(token), this.now().toISOString())) return token;
      // Another replacement came first: this one goes on top of it, after a short, growing, jittered pause.
      await jitteredPause(attempt);
    }
    throw busy();
  }

  /** Whether the entity has a feed address, and since when (the address itself is never kept). */
  async status(entityId: string): Promise<{ exists: boolean; createdAt: string | null }> {
    const current = await this.deps.store.current(entityId);
    return { exists: current !== null, createdAt: current?.createdAt ?? null };
  }

  /** Ends the entity's feed address: it answers 404 at once. False when there was none. */
  end(entityId: string): Promise<boolean> {
    return this.deps.store.end(entityId);
  }

  /** The feed of a token, or null when the token is not a current one. */
  async render(token: string): Promise<string | null> {
    if (!FEED_TOKEN.test(token)) return null;
    const entityId = await this.deps.store.findEntity(sha256Hex(token));
    if (!entityId) return null;
    const entity = await this.deps.reads.entity(entityId);
    if (!entity) return null;
    const { settings } = entity;
    const from = addDays(todayIn(settings.timezone, this.now()), -FEED_DAYS_BACK);
    const calendars = this.deps.reads.calendars ? await this.deps.reads.calendars(entityId) : [];
    const ids = calendars.length > 0 ? calendars.map((c) => c.calendar_id) : [settings.default_calendar_id];
    const names = new Map(calendars.map((c) => [c.calendar_id, c.calendar_name]));
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
      businessName(settings, entity.name),
      appointments.map((a) => ({
        uid: calendarUid(entityId, a.appointment_id),
        // The same UID and SEQUENCE as the client's invite: a calendar holding both sees one event.
        sequence: a.ics_sequence ?? 0,
        date: a.date,
        start_time: a.start_time,
        end_time: a.end_time,
        timezone: settings.timezone,
        ...withStaff(
          feedEntryText(a, settings.language),
          a,
          ids.length > 1 ? names.get(a.calendar_id) : undefined,
        ),
        cancelled: a.status === 'cancelled',
        stamp: new Date(a.updated_at),
      })),
    );
  }
}

/**
 * A feed entry of a service names it, and with more than one calendar the calendar (the member of staff):
 * docs/CONTRACT.md#services-and-staff.
 */
function withStaff(
  text: { summary: string; description: string },
  a: AppointmentRecord,
  calendarName: string | undefined,
): { summary: string; description: string } {
  const details = [
    ...(a.service_name ? [`Service: ${a.service_name}`] : []),
    ...(calendarName ? [`With: ${calendarName}`] : []),
  ];
  return {
    summary: a.service_name ? `${text.summary}: ${a.service_name}` : text.summary,
    description: [text.description, ...details].join('\n'),
  };
}
