/**
 * The ports of operations: whether the store answers (the health check) and the writes of
 * `npm run admin -- seed` (SeedStore). What services report of the business is the kernel's
 * BusinessMetrics port (shared/core/business-metrics.ts).
 */

import type { EntityRecord, TokenKind } from '../access';
import type { AppointmentRecord, ClientRecord, StatScope } from '../booking';
import type { SlotRecord } from '../schedule';
import type { SettingsStore, VersionedSettings } from '../settings';
import type { NewEntity } from './domain/new-entity';

/** Something that answers whether the store is reachable. */
export interface StorePing {
  ping(timeoutMs: number): Promise<boolean>;
}

type Item = Record<string, unknown>;

/** The writes a seed makes (shared/features/operations/store/seed-repository.ts). */
export interface SeedStore {
  appointmentItems(entityId: string, a: AppointmentRecord, tokenHash: string): Item[];
  clientItems(entityId: string, c: ClientRecord): Item[];
  slotItemsOf(entityId: string, slot: SlotRecord, isNew: boolean): Item[];
  calendarClientItem(entityId: string, calendarId: number, client: ClientRecord, count: number): Item;
  put(items: Item[]): Promise<void>;
  addToDayStat(entityId: string, date: string, scope: StatScope, adds: Record<string, number>): Promise<void>;
  addToLastLive(entityId: string, date: string, count: number): Promise<void>;
  addToCalendar(entityId: string, calendarId: number, adds: Record<string, number>): Promise<void>;
  addToEntityCounters(entityId: string, adds: Record<string, number>): Promise<void>;
  addNewClients(entityId: string, date: string, count: number): Promise<void>;
}

/** The entity record: created by the admin, its tokens rotated, its settings replaced (SettingsStore). */
export interface EntityStore extends SettingsStore {
  create(input: NewEntity): Promise<void>;
  get(entityId: string): Promise<EntityRecord | null>;
  list(): Promise<string[]>;
  replaceTokens(
    entityId: string,
    oldHashes: Record<TokenKind, string>,
    newHashes: Record<TokenKind, string>,
    now: string,
    settings: VersionedSettings,
  ): Promise<void>;
}
