/**
 * The composition root, the stream workers' reads (issue 57): what the event dispatcher and the mail planner
 * read of an entity besides the change (its settings, a calendar), eventually consistent and once per batch
 * of stream records, however many changes of the batch and of its consumers ask; the mail sender's, once per
 * batch of queued e-mails.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import type { CalendarRecord } from '../features/schedule';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import type { EntitySettings } from '../features/settings';
import { SettingsRepository } from '../features/settings/store/entity-config-repository';
import { table } from './core';

/**
 * A scope in which each read is made once: one batch of stream records (the dispatcher and the planner), or
 * one batch of queued e-mails (the sender). Outside one, every read is made.
 */
export class ReadBatch {
  private readonly storage = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

  /** Runs one batch: inside it, each `once` read is made once. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.storage.run(new Map(), fn);
  }

  /** `read()` once in the batch under way, under `key`; a read that failed is made again when asked again. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.storage.getStore();
    if (!kept) return read();
    const known = kept.get(key) as Promise<T> | undefined;
    if (known) return known;
    const reading = read();
    kept.set(key, reading);
    reading.catch(() => kept.delete(key));
    return reading;
  }
}

/** The batch of stream records under way (the event pipeline's dispatchRecords). */
export const streamBatch = new ReadBatch();
/**
 * The batch of queued e-mails under way (the mail function's): its own scope, since an e-mail queued
 * locally from a stream batch would otherwise run, and be retried, inside that batch's.
 */
export const mailBatch = new ReadBatch();

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
      streamBatch.once(`settings ${entityId}`, async () => {
        const read = await settings.get(entityId, false);
        if (!read) return null;
        const { version: _version, ...plain } = read;
        return plain;
      }),
    calendar: (entityId, calendarId) =>
      streamBatch.once(`calendar ${entityId} ${calendarId}`, () =>
        calendars.get(entityId, calendarId, false),
      ),
  };
}
