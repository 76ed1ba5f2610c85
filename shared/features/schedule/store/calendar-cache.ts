import { setNewest } from '../../../core/newest';
import type { CalendarRecord } from '../domain/calendar';

/** Entities whose calendars an instance remembers; the one read longest ago is forgotten past it. */
export const CALENDAR_CACHE_SIZE = 1_000;

export interface CalendarCacheOptions {
  /** How long a list is kept, counted from before its read was sent (0: every read goes to the store). */
  ttlMs: number;
  /** This instance's own time in milliseconds (only differences matter); tests move it. */
  uptime?: () => number;
}

interface Entry {
  list: Promise<CalendarRecord[]>;
  until: number;
}

/**
 * A warm instance's memory of each entity's calendars (docs/CONTRACT.md#credentials-in-force): the reads
 * that only show or filter by calendars (slots, hours, availability, v1 lists) read them about once per
 * entity, instance and `ttlMs` instead of on every request, with the bound the token cache has — each
 * list's age counts from before its strongly consistent read was sent, so a change committed at t is
 * seen by every request from t + `ttlMs` on. A change made through this instance is seen at once (the
 * repository forgets the entity's list). Whether a booking may take a calendar is never decided from
 * here: the booking's transaction checks the calendar itself.
 */
export class CalendarListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly uptime: () => number;

  constructor(options: CalendarCacheOptions) {
    this.ttlMs = Math.max(options.ttlMs, 0);
    this.uptime = options.uptime ?? (() => performance.now());
  }

  /** Whether lists are kept at all (a `ttlMs` of 0: every read goes to the store, as it is). */
  get keeps(): boolean {
    return this.ttlMs > 0;
  }

  /** The entity's calendars: kept ones while fresh, else `load()` (shared by requests that ask meanwhile). */
  read(entityId: string, load: () => Promise<CalendarRecord[]>): Promise<CalendarRecord[]> {
    if (this.ttlMs === 0) return load();
    const sent = this.uptime();
    const kept = this.entries.get(entityId);
    if (kept && kept.until > sent) return kept.list;
    const entry: Entry = { list: load(), until: sent + this.ttlMs };
    setNewest(this.entries, entityId, entry, CALENDAR_CACHE_SIZE);
    entry.list.catch(() => {
      if (this.entries.get(entityId) === entry) this.entries.delete(entityId);
    });
    return entry.list;
  }

  /** Drops what is kept of an entity's calendars (after this instance changed one). */
  forget(entityId: string): void {
    this.entries.delete(entityId);
  }
}
