import { addDays, todayIn } from '../../../core/dates';
import { sha256Hex } from '../../access';
import { businessName } from '../../settings';
import { feedIcs } from '../domain/ics';
import { feedEntryText } from '../domain/mail-content';
import { calendarUid } from '../domain/notifications';
import { withService } from '../domain/staff-texts';
import { CalendarFeedAddresses, type CalendarFeedServiceDeps } from './calendar-feed-addresses';

export type { CalendarFeedServiceDeps, FeedReads } from './calendar-feed-addresses';

/** How far back the feed goes, and how many appointments it holds at most. */
export const FEED_DAYS_BACK = 30;
export const FEED_MAX_ENTRIES = 2000;

/** A feed token: 256 random bits, base64url (43 characters). */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The staff calendar feeds (docs/NOTIFICATIONS.md#calendar-feed): their addresses (CalendarFeedAddresses)
 * and the feed itself. The entity's answers the appointments of every calendar
 * (docs/CONTRACT.md#services-and-staff) from 30 days back as an iCalendar file, each entry naming its
 * calendar when there is more than one; a calendar's answers that calendar's only. Every word of it is in
 * the entity's language.
 */
export class CalendarFeedService extends CalendarFeedAddresses {
  constructor(protected override readonly deps: CalendarFeedServiceDeps) {
    super(deps);
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
