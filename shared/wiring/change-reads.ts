/**
 * The composition root, the stream workers' reads (issue 57): what the event dispatcher and the mail planner
 * read of an entity besides the change (its settings, a calendar), eventually consistent and once per batch
 * of stream records, however many changes of the batch and of its consumers ask.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import type { CalendarRecord } from '../features/schedule';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import type { EntitySettings } from '../features/settings';
import { SettingsRepository } from '../features/settings/store/entity-config-repository';
import { table } from './core';

const batch = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one batch of stream records: inside it, each read below is made once (outside: every time). */
export const inReadBatch = <T>(fn: () => Promise<T>): Promise<T> => batch.run(new Map(), fn);

/** `read()` once in the batch under way, under `key`; a read that failed is made again when asked again. */
function onceInBatch<T>(key: string, read: () => Promise<T>): Promise<T> {
  const kept = batch.getStore();
  if (!kept) return read();
  const known = kept.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  kept.set(key, reading);
  reading.catch(() => kept.delete(key));
  return reading;
}

/**
 * An entity's settings and calendars as the stream workers read them: eventually consistent (a time zone, a
 * calendar's name, a staff member's or the business's addresses a second old harm nothing; none of them
 * decides a write), once a batch. Shared values: never changed by their readers.
 */
export interface ChangeReads {
  settings(entityId: string): Promise<EntitySettings | null>;
  calendar(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
}

export function changeReads(): ChangeReads {
  const t = table();
  const settings = new SettingsRepository(t);
  const calendars = new CalendarRepository(t);
  return {
    settings: (entityId) =>
      onceInBatch(`settings ${entityId}`, async () => {
        const read = await settings.get(entityId, false);
        if (!read) return null;
        const { version: _version, ...plain } = read;
        return plain;
      }),
    calendar: (entityId, calendarId) =>
      onceInBatch(`calendar ${entityId} ${calendarId}`, () => calendars.get(entityId, calendarId, false)),
  };
}
