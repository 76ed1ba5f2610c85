/**
 * The ports of booking: what the booking service reads before it writes (one snapshot), the appointments
 * and clients it reads, and the all-or-nothing writes that book and change appointments with every
 * counter they move. The DynamoDB repositories (shared/features/booking/store) and the debug data set
 * implement them.
 */
import type { IdempotencyMark } from '../access';
import type { CalendarRecord, SlotRecord } from '../schedule';
import type { AppointmentRecord, ClientRecord } from './domain/appointment';
import type { AppointmentFilter, AppointmentPlace } from './domain/listing';
import type { LiveCapClaim, LiveCapHolder, LiveList } from './domain/live-caps';

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
  /** The SHA-256 of the booking's cancel token (which names the appointment): kept on the appointment. */
  cancelTokenHash: string;
  /** The cancel token itself, kept only until the confirmation e-mail with its link is sent. */
  mailCancelToken?: string | undefined;
  /** Made with a publishable key: kept on the appointment so that its e-mails are capped. */
  viaKey?: true | undefined;
  /**
   * The client as it will be after the booking: a known client takes the booking's names and e-mail when
   * the business books, keeps its own on a public booking (docs/CONTRACT.md#clients).
   */
  client: ClientRecord;
  /**
   * The client as read before the booking (its names and e-mail: a rename is written only when they differ,
   * conditioned on them); null: a new client, created by this booking.
   */
  existing: Pick<
    ClientRecord,
    | 'appointments_count'
    | 'last_appointment'
    | 'day_state'
    | 'client_firstname'
    | 'client_lastname'
    | 'client_email'
  > | null;
  /**
   * The business books a known client (docs/CONTRACT.md#clients): the client takes this booking's names and
   * e-mail, and its write is conditioned on the names and e-mail read, changed or not, so that a booking on a
   * read a moment old is retried rather than leave the names of an earlier booking. Absent: a public booking.
   */
  takesNames?: true | undefined;
  /** Today in the entity's zone, for the new-clients-per-day counter. */
  today: string;
  /** The Idempotency-Key the booking answers: its record is committed with the booking, with `result`. */
  idempotency?: { mark: IdempotencyMark; result: unknown };
  /** A publishable key's booking: its holders' lists of live bookings, each on the version read (live caps). */
  caps?: LiveCapClaim[] | undefined;
}

/** The lists of live bookings each holder made with publishable keys (docs/CONTRACT.md#live-caps). */
export interface LiveCapStore {
  /** Each holder's list as stored, in the order given; null where it has none. */
  lists(
    entityId: string,
    holders: readonly Pick<LiveCapHolder, 'scope' | 'who'>[],
  ): Promise<Array<LiveList | null>>;
}

export interface TransitionPlan {
  before: AppointmentRecord & {
    cancel_token_hash?: string;
    /** The digests of its e-mails' cancel tokens as read (hex, oldest first): kept through the change. */
    link_hashes?: readonly string[];
    ics_sequence?: number;
    booked_via_key?: true;
  };
  after: AppointmentRecord;
  /** Made with a publishable key or a cancel token: marked on the appointment, so that its e-mail is capped. */
  viaKey?: true | undefined;
  /** The client's new last_appointment when a move changes it, conditioned on the value read. */
  client?: { clientId: number; lastAppointment: string; read: string | null };
  /**
   * The appointment's client as read, when the change moves its days (a cancellation, a reinstatement, a
   * move): the day statistics and memberships move with it, conditioned on the days read.
   */
  owner?: ClientRecord;
}

/** What a booking must know before it writes, read together. */
export interface BookingSnapshot {
  calendar: CalendarRecord | null;
  slot: SlotRecord | null;
  /** The client that owns the phone, if any (only its id: the record is read when needed). */
  clientId: number | null;
  /** That client's record, when the snapshot read it (in the phone item's place). */
  client?: ClientRecord | null;
  /**
   * Read eventually consistent or from the instance's memory (up to a moment old): a refusal it would
   * cause is read again strongly first, and the client is read as lightly on the first try.
   */
  recent?: boolean;
}

/** Reads calendar, slot and the phone's client id in one round trip. */
export interface BookingSnapshotReader {
  snapshot(entityId: string, calendarId: number, slotId: number, phone: string): Promise<BookingSnapshot>;
}

/** Which page of a filtered list a store reads: `limit` items from `offset`, or on from `after`. */
export interface ListPage<Filter, Place> {
  entityId: string;
  filter: Filter;
  offset: number;
  limit: number;
  /** The list's total, when known: the store may read the page from the nearer end. */
  total?: number | undefined;
  /** The last item of the page before (a cursor's): the page is read on from it, not from `offset`. */
  after?: Place | undefined;
}

/** The members of one calendar (the clients with appointments there), searched like the client list. */
export interface CalendarMembersFilter {
  calendarId: number;
  search?: string | undefined;
}

/** A filtered list, read a page at a time. */
export interface PagedList<Filter, Place, Item> {
  /** A page; with the list's `total`, the store may read it from the nearer end. */
  list(page: ListPage<Filter, Place>): Promise<Item[]>;
  /**
   * True when the filter's matches are a run of consecutive items of the store's index (nothing filtered
   * after the key condition): a page then reads its own items and no others, so a first page may be read
   * before the list's total is known. Absent: false.
   */
  readsOnlyMatches?(filter: Filter): boolean;
}
export interface AppointmentReader extends PagedList<AppointmentFilter, AppointmentPlace, AppointmentRecord> {
  /** Strongly consistent unless `consistent` is false (a read that only shows it, or is checked again). */
  get(
    entityId: string,
    id: number,
    consistent?: boolean,
  ): Promise<
    | (AppointmentRecord & {
        cancel_token_hash?: string;
        link_hashes?: readonly string[];
        ics_sequence?: number;
      })
    | null
  >;
}
export interface AppointmentStore extends AppointmentReader {
  /** A cancel token of the earlier shape: the appointment it belongs to, by its SHA-256 (its own item). */
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
  /** Strongly consistent unless `consistent` is false (a read whose write is conditioned on what it read). */
  get(entityId: string, clientId: number, consistent?: boolean): Promise<ClientRecord | null>;
  findByPhone(entityId: string, e164: string): Promise<ClientRecord | null>;
}
