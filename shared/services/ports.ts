/**
 * The ports of the services: what each service needs of a store, in the services' own types. The
 * DynamoDB repositories (shared/repositories) and the debug data set (shared/debug) implement them; the
 * services never see either.
 */

import type { Claim, ClaimRequest, IdempotencyMark, StoredAnswer } from '../domain/access/idempotency';
import type { TokenKind } from '../domain/access/tokens';
import type { AppointmentRecord, ClientRecord } from '../domain/booking/appointment';
import type { AppointmentFilter, ClientFilter, DayCounter, EntityCounters } from '../domain/booking/listing';
import type {
  EntityRecord,
  EntitySettings,
  NewEntity,
  TokenRecord,
  VersionedSettings,
} from '../domain/entity';
import type { CalendarRecord } from '../domain/schedule/calendar';
import type { Holiday } from '../domain/schedule/holidays';
import type { DayHours, WeeklyHours } from '../domain/schedule/opening-hours';
import type { SlotRecord } from '../domain/schedule/slot';

// ---- Entities, tokens and settings ----

export interface TokenLookup {
  findToken(tokenHash: string): Promise<TokenRecord | null>;
}
export interface SettingsLookup {
  get(entityId: string): Promise<VersionedSettings | null>;
}
export interface EntityStore {
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
  replaceSettings(
    entityId: string,
    read: VersionedSettings,
    next: EntitySettings,
    tokenHashes: Record<TokenKind, string>,
  ): Promise<boolean>;
}

// ---- Opening hours and closure days ----

export interface HoursStore {
  get(entityId: string): Promise<WeeklyHours | null>;
}
export interface HoursAdmin extends HoursStore {
  setDay(entityId: string, index: number, day: DayHours): Promise<void>;
}
export interface ClosureStore {
  get(entityId: string, date: string): Promise<Holiday | null>;
}
export interface ClosureAdmin extends ClosureStore {
  put(entityId: string, holiday: Holiday): Promise<void>;
  remove(entityId: string, date: string): Promise<boolean>;
  list(entityId: string): Promise<Holiday[]>;
}

// ---- Calendars, slots and ids ----

export interface CalendarReader {
  get(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
}
export interface CalendarLister extends CalendarReader {
  list(entityId: string): Promise<CalendarRecord[]>;
}
export interface CalendarAdmin extends CalendarReader {
  create(entityId: string, calendar: CalendarRecord): Promise<void>;
  update(
    entityId: string,
    calendarId: number,
    patch: Partial<Pick<CalendarRecord, 'calendar_name' | 'is_active' | 'timezone'>>,
    now: string,
  ): Promise<CalendarRecord | null>;
}

export interface IdSource {
  /** Reserves `count` new ids of the entity (unique, increasing). */
  next(entityId: string, count?: number): Promise<number[]>;
}

/** The result of a conditional slot change that may lose to a concurrent one. */
export type SlotWrite = { ok: true } | { ok: false; current: SlotRecord | null };

export interface SlotReader {
  get(entityId: string, slotId: number): Promise<SlotRecord | null>;
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
}
export interface SlotStore extends SlotReader {
  /** Creates the slots with their start-time guards; false when a start time was taken first. */
  createMany(entityId: string, slots: SlotRecord[]): Promise<boolean>;
  update(
    entityId: string,
    read: SlotRecord,
    /** `statusByHand`: the status was set by hand, so a closure day's mark goes (see schedule/closure-ports.ts). */
    change: { status: 'open' | 'closed'; capacity: number; statusByHand?: boolean },
    now: string,
  ): Promise<SlotWrite>;
  delete(entityId: string, read: SlotRecord): Promise<SlotWrite>;
}

// ---- Appointments and clients ----

/** Why a booking or a transition did not commit. `slot` carries the slot as it was, or null if gone. */
export type WriteOutcome =
  | { ok: true }
  | { ok: false; reason: 'slot'; slot: SlotRecord | null }
  | { ok: false; reason: 'calendar' }
  /** Someone else changed the appointment or the client first: read again and retry. */
  | { ok: false; reason: 'stale' }
  /** The request's Idempotency-Key claim expired and another request holds the key now. */
  | { ok: false; reason: 'idempotency' };

export interface BookingPlan {
  appointment: AppointmentRecord;
  cancelTokenHash: string;
  /** The cancel token itself, kept only until the confirmation e-mail with its link is sent. */
  mailCancelToken?: string | undefined;
  /** Made with a publishable key: kept on the appointment so that its e-mails are capped. */
  viaKey?: true | undefined;
  /** The client as it will be after the booking (a known client keeps its names and e-mail). */
  client: ClientRecord;
  /** The client as read before the booking; null: a new client, created by this booking. */
  existing: Pick<ClientRecord, 'appointments_count' | 'last_appointment'> | null;
  /** Today in the entity's zone, for the new-clients-per-day counter. */
  today: string;
  /** The Idempotency-Key the booking answers: its record is committed with the booking, with `result`. */
  idempotency?: { mark: IdempotencyMark; result: unknown };
}

export interface TransitionPlan {
  before: AppointmentRecord & { cancel_token_hash?: string; ics_sequence?: number; booked_via_key?: true };
  after: AppointmentRecord;
  /** The client's new last_appointment when a move changes it, conditioned on the value read. */
  client?: { clientId: number; lastAppointment: string; read: string | null };
}

/** What a booking must know before it writes, read together. */
export interface BookingSnapshot {
  calendar: CalendarRecord | null;
  slot: SlotRecord | null;
  /** The client that owns the phone, if any (only its id: the record is read when needed). */
  clientId: number | null;
}

/** Reads calendar, slot and the phone's client id in one round trip. */
export interface BookingSnapshotReader {
  snapshot(entityId: string, calendarId: number, slotId: number, phone: string): Promise<BookingSnapshot>;
}

export interface AppointmentReader {
  get(
    entityId: string,
    id: number,
  ): Promise<(AppointmentRecord & { cancel_token_hash?: string; ics_sequence?: number }) | null>;
  /** A page; with the list's `total`, the store may read it from the nearer end. */
  list(
    entityId: string,
    filter: AppointmentFilter,
    offset: number,
    limit: number,
    total?: number,
  ): Promise<AppointmentRecord[]>;
}
export interface AppointmentStore extends AppointmentReader {
  findByCancelToken(entityId: string, tokenHash: string): Promise<number | null>;
  /** A client's latest appointments by date, newest first. */
  latestOfClient(entityId: string, clientId: number, limit: number): Promise<AppointmentRecord[]>;
}
/** The writes that change appointments, each all-or-nothing with every counter it moves. */
export interface BookingWriter {
  book(entityId: string, plan: BookingPlan): Promise<WriteOutcome>;
  transition(entityId: string, plan: TransitionPlan): Promise<WriteOutcome>;
}

export interface ClientReader {
  get(entityId: string, clientId: number): Promise<ClientRecord | null>;
  findByPhone(entityId: string, e164: string): Promise<ClientRecord | null>;
}

// ---- What the v1 API reads ----

/**
 * Everything the v1 API reads. The DynamoDB repositories implement it for real data; debug mode
 * implements it over a fictitious data set in memory, so the same services answer both.
 */
export interface V1Store {
  calendars: CalendarLister;
  slots: SlotReader;
  appointments: AppointmentReader & { count(entityId: string, filter: AppointmentFilter): Promise<number> };
  clients: ClientReader & {
    list(
      entityId: string,
      filter: ClientFilter,
      offset: number,
      limit: number,
      total?: number,
    ): Promise<ClientRecord[]>;
    count(entityId: string, filter: ClientFilter): Promise<number>;
    ofCalendar(entityId: string, calendarId: number): Promise<ClientRecord[]>;
    top(entityId: string, limit: number): Promise<ClientRecord[]>;
  };
  counters: {
    dayCounters(entityId: string, from: string, to: string): Promise<DayCounter[]>;
    entityCounters(entityId: string): Promise<EntityCounters>;
    newClients(entityId: string, from: string, to: string): Promise<number>;
  };
}

// ---- Idempotency and health ----

export interface IdempotencyStore {
  claim(entityId: string, request: ClaimRequest): Promise<Claim>;
  /** Keeps the answer for replays, if the claim is still this request's. */
  complete(entityId: string, mark: IdempotencyMark, answer: StoredAnswer): Promise<void>;
  /** Frees the key after a failure on our side, unless a booking was committed under it. */
  release(entityId: string, mark: IdempotencyMark): Promise<void>;
}

/** Something that answers whether the store is reachable. */
export interface StorePing {
  ping(timeoutMs: number): Promise<boolean>;
}

export type * from './access/ports';
export type * from './events/ports';
export type * from './mail/ports';
export * from './operations/metrics-port';
export type * from './schedule/open-days-ports';
