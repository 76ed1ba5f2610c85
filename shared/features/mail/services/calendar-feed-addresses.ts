import { busy, calendarNotFound } from '../../../core/errors';
import { jitteredPause, MAX_ATTEMPTS } from '../../../core/jobs/retry';
import { randomToken, sha256Hex } from '../../access';
import type { AppointmentRecord } from '../../booking';
import type { CalendarRecord } from '../../schedule';
import type { EntitySettings } from '../../settings';
import type { CalendarFeedStore, FeedOwner } from '../ports';

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

/** What its addresses need: the secret tokens, a calendar's existence, a clock. */
export interface CalendarFeedAddressesDeps {
  store: CalendarFeedStore;
  reads: Pick<FeedReads, 'calendar'>;
  now?: () => Date;
}

/**
 * The staff calendar feeds' secret addresses (docs/NOTIFICATIONS.md#calendar-feed): one per entity, and one
 * per calendar for its staff member, each replaced when asked again, with its status and its end. What the
 * three address routes need, without the iCalendar writer (ical-generator, 35 KB minified), which only the
 * feed itself runs: CalendarFeedService (calendar-feed-service.ts) adds the feed to these.
 */
export class CalendarFeedAddresses {
  protected readonly now: () => Date;

  constructor(protected readonly deps: CalendarFeedAddressesDeps) {
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
  protected async owner(entityId: string, calendarId?: number): Promise<FeedOwner> {
    if (calendarId === undefined) return { entityId };
    const calendar = this.deps.reads.calendar ? await this.deps.reads.calendar(entityId, calendarId) : null;
    if (!calendar) throw calendarNotFound();
    return { entityId, calendarId };
  }
}
