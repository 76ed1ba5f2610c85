/** Keys of the counters and day items that statistics read. */
import { inEntity, type Key, padId } from './parts';

/** Entity-wide counters that are not per day (clients). */
export const entityCounters = (entityId: string): Key => inEntity(entityId, 'COUNTERS');

/** New clients created on a day (entity time zone), for new_clients_last_30_days. */
export const newClientsDay = (entityId: string, date: string): Key =>
  inEntity(entityId, `NEWCLIENTS#${date}`);

export const newClientsDayPrefix = (entityId: string): Key => inEntity(entityId, 'NEWCLIENTS#');

/**
 * A day's statistics in one scope (docs/design/data-model.md, "Statistics that stay flat"): per calendar
 * (`DAY#<date>#<cal>`: status counts, points and links) and for the entity (`DAY#<date>#ALL`: points and
 * links). A period's statistics read the range's day items: (calendars + 1) a day, whatever the history.
 */
export const dayStat = (entityId: string, date: string, scope: number | 'all'): Key =>
  inEntity(entityId, `DAY#${date}#${scope === 'all' ? 'ALL' : padId(scope)}`);
export const dayStatsFrom = (date: string): string => `DAY#${date}`;
export const dayStatsTo = (date: string): string => `DAY#${date}#~`;

/** How many clients have their latest live appointment on a date (active clients: a sum from a date on). */
export const lastLiveDay = (entityId: string, date: string): Key => inEntity(entityId, `LASTLIVE#${date}`);
export const lastLiveDaysTo = (): string => 'LASTLIVE#~';
