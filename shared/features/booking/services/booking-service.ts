import { type BusinessMetrics, NO_METRICS } from '../../../core/business-metrics';
import { todayIn } from '../../../core/dates';
import { AppError, busy, calendarNotFound, idempotencyInProgress, slotNotFound } from '../../../core/errors';
import { MAX_ATTEMPTS } from '../../../core/jobs/retry';
import type { EntityContext, IdempotencyMark } from '../../access';
import { changedByOf, newCancelToken, sha256Hex } from '../../access';
import type { ServiceRecord } from '../../catalog';
import type { CalendarReader, IdSource, SlotReader, SlotRecord } from '../../schedule';
import { takesPlace } from '../domain/appointment';
import type {
  AppointmentStore,
  BookingSnapshot,
  BookingSnapshotReader,
  BookingWriter,
  ClientReader,
} from '../ports';
import { bookable } from './bookable';
import { bookedAppointment, bookedClient } from './booking-records';
import {
  type Booked,
  type BookingRequest,
  backoff,
  countedBooking,
  countedChange,
  refusal,
} from './booking-rules';
import { type EarlyReads, earlyReads, serves } from './early-reads';
import type { LiveCapService } from './live-caps';
import { bookingStatusFor } from './pending';
import { type Change, type Guards, tryTransition } from './transition-try';

/** What a booking commits with its Idempotency-Key record, to answer a retry after a crash. */
type Committed = Omit<Booked, 'slot'>;

/** What the booking service works with: the store's ports, a clock, and a one-call snapshot when offered. */
export interface BookingServiceDeps {
  appointments: AppointmentStore;
  writer: BookingWriter;
  slots: SlotReader;
  calendars: CalendarReader;
  clients: ClientReader;
  ids: IdSource;
  /** The clock; the system clock when absent. */
  now?: () => Date;
  /** Calendar, slot and client in one read; three reads when absent. */
  reader?: BookingSnapshotReader;
  /** Counts bookings made and refused, moves and cancellations; nothing when absent. */
  metrics?: BusinessMetrics;
  caps?: Pick<LiveCapService, 'claims'>;
  /** The services, for the buffers a moved service appointment keeps (none when absent). */
  services?: { get(entityId: string, serviceId: number): Promise<ServiceRecord | null> };
}

/**
 * Booking, cancelling and status changes; capacity is enforced by the store's conditional transactions.
 * What a client's link does (by its cancel token) is ClientLinkService's (services/client-link-service.ts).
 */
export class BookingService {
  private readonly deps: BookingServiceDeps & { now: () => Date; metrics: BusinessMetrics };

  constructor(deps: BookingServiceDeps) {
    this.deps = { ...deps, now: deps.now ?? (() => new Date()), metrics: deps.metrics ?? NO_METRICS };
  }

  /** Calendar, slot and the phone's client: one batch read when the store offers it. */
  private async snapshot(entity: EntityContext, request: BookingRequest): Promise<BookingSnapshot> {
    if (this.deps.reader)
      return this.deps.reader.snapshot(entity.entityId, request.calendarId, request.slotId, request.phone);
    const [calendar, slot, client] = await Promise.all([
      this.deps.calendars.get(entity.entityId, request.calendarId),
      this.deps.slots.get(entity.entityId, request.slotId),
      this.deps.clients.findByPhone(entity.entityId, request.phone),
    ]);
    return { calendar, slot, clientId: client?.client_id ?? null };
  }

  /**
   * 1. The calendar exists and is active. 2. The slot exists in that calendar. 3. It has not started (in the
   * calendar's zone). 4. It is open with a free place (checked early to answer fast, enforced in step 6).
   * 5. Find the client by phone or allocate a new id. 6. One transaction takes the place, writes the
   * appointment, the client and the counters; a stale client read is retried from step 5.
   */
  async book(
    entity: EntityContext,
    request: BookingRequest,
    idempotency?: IdempotencyMark,
    prefetched?: EarlyReads,
  ): Promise<Booked> {
    const made = idempotency?.committed ? 'silent' : 'count';
    return countedBooking(
      this.deps.metrics,
      () => this.place(entity, request, idempotency, prefetched),
      made,
    );
  }

  /** Starts a booking's first reads ahead, for `book` to use (see EarlyReads). */
  prefetch(entity: EntityContext, request: BookingRequest): EarlyReads {
    const { calendarId, slotId, phone } = request;
    return earlyReads(entity.entityId, { calendarId, slotId, phone }, this.firstReads(entity, request));
  }

  /**
   * The snapshot, with ids reserved while it is read (two: appointment and, if new, client); an unused id
   * is simply skipped, since ids need only be unique.
   */
  private firstReads(entity: EntityContext, request: BookingRequest) {
    return Promise.all([this.snapshot(entity, request), this.deps.ids.next(entity.entityId, 2)]);
  }

  private async place(
    entity: EntityContext,
    asked: BookingRequest,
    idempotency?: IdempotencyMark,
    prefetched?: EarlyReads,
  ) {
    // An earlier request with this Idempotency-Key committed this booking and died before answering.
    if (idempotency?.committed) return this.committedBooking(entity, idempotency.committed as Committed);
    const request = bookingStatusFor(entity, asked);
    const [first, reserved] =
      prefetched && serves(prefetched, entity.entityId, request)
        ? await prefetched.reads.catch(() => this.firstReads(entity, request))
        : await this.firstReads(entity, request);
    const { slot, calendar } = await bookable(this.deps, entity, request, first);

    let clientId = first.clientId;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await backoff(attempt);
      if (attempt > 0)
        clientId = (await this.deps.clients.findByPhone(entity.entityId, request.phone))?.client_id ?? null;
      // A first try on a recent snapshot reads the client as lightly (or takes the one it read): its write
      // is conditioned on what it read.
      const existing =
        clientId === null
          ? null
          : attempt === 0 && first.client
            ? first.client
            : await this.deps.clients.get(entity.entityId, clientId, !first.recent || attempt > 0);
      const ids = attempt === 0 ? reserved : await this.deps.ids.next(entity.entityId, 2);
      const appointmentId = ids[0] ?? 0;
      const now = this.deps.now().toISOString();
      // The business's own booking renames a known client; a public one never does (docs/CONTRACT.md#clients).
      const byBusiness = entity.credential === undefined;
      const client = bookedClient({ existing, newId: ids[1] ?? 0, request, slot, now, byBusiness });
      const appointment = bookedAppointment({
        appointmentId,
        calendar,
        slot,
        clientId: client.client_id,
        request,
        now,
        changedBy: changedByOf(entity),
      });
      // The client's link: names this appointment, kept as its digest (docs/CONTRACT.md#cancel-tokens).
      const cancelToken = newCancelToken({ entityId: entity.entityId, appointmentId });
      const outcome = await this.deps.writer.book(entity.entityId, {
        appointment,
        cancelTokenHash: sha256Hex(cancelToken),
        // Kept for the confirmation's cancellation link only (docs/CONTRACT.md#notifications).
        ...(request.email && entity.settings.cancel_url ? { mailCancelToken: cancelToken } : {}),
        ...(entity.credential ? { viaKey: true as const } : {}),
        ...(byBusiness && existing ? { takesNames: true as const } : {}),
        client,
        existing,
        today: todayIn(entity.settings.timezone, this.deps.now()),
        caps: await this.deps.caps?.claims(entity, appointmentId, request),
        ...(idempotency
          ? {
              idempotency: {
                mark: idempotency,
                result: { appointment, calendar, cancelToken } satisfies Committed,
              },
            }
          : {}),
      });
      if (outcome.ok) {
        // The slot as read before, with the place the transaction took (no read after it: a booking of the
        // same slot committed meanwhile is not shown, as it would not be a moment later either).
        const after: SlotRecord = takesPlace(appointment.status)
          ? { ...slot, taken: slot.taken + 1, updated_at: now }
          : slot;
        return { appointment, slot: after, calendar, cancelToken };
      }
      if (outcome.reason === 'slot') throw refusal(outcome.slot);
      if (outcome.reason === 'calendar') throw calendarNotFound();
      if (outcome.reason === 'idempotency') throw idempotencyInProgress();
    }
    // Unreachable in practice: a retry happens only when the client's first or second booking, or a later
    // last appointment, committed meanwhile, and each can happen once per retry.
    throw busy();
  }

  /** The answer of a booking committed under an Idempotency-Key, with its slot as it is now. */
  private async committedBooking(entity: EntityContext, committed: Committed): Promise<Booked> {
    const slot = await this.deps.slots.get(entity.entityId, committed.appointment.slot_id);
    if (!slot) throw slotNotFound();
    return { ...committed, slot };
  }

  /**
   * A new status, a new slot, or both, in one conditional transaction (v1 PUT /appointment/{id}, v2 cancel).
   * Going to `cancelled` frees the place; leaving it takes one again (409 when full or closed).
   * 1. The appointment exists. 2. A new slot exists (SLOT_NOT_FOUND), its calendar is active
   * (CALENDAR_NOT_FOUND) and it has not started (SLOT_IN_PAST). 3. The old place is released and the new
   * one taken (409 SLOT_UNAVAILABLE when full or closed); counters of both sides move with it.
   */
  async update(entity: EntityContext, appointmentId: number, change: Change, options: Guards = {}) {
    const run = () => this.transition(entity, appointmentId, change, options);
    // A move takes a place as a booking does: its refusals count with the bookings'.
    return change.slotId === undefined ? run() : countedBooking(this.deps.metrics, run, 'silent');
  }

  /**
   * The first try reads the appointment and its client eventually consistent (half the read: the
   * transaction is conditioned on their status, slot, change count and days as read, so a read a moment
   * old is a refused transaction); every retry reads strongly, and so does whatever the first try would
   * answer but a change written (not found, a refusal, nothing to change, a refused transaction): no
   * answer differs from one made on strong reads.
   */
  private async transition(entity: EntityContext, appointmentId: number, change: Change, guards: Guards) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await backoff(attempt);
      const strong = attempt > 0;
      const tried = await tryTransition(this.deps, { entity, appointmentId, change, guards, strong }).catch(
        (error: unknown) => {
          if (strong || !(error instanceof AppError)) throw error;
          return undefined;
        },
      );
      if (!tried || (!strong && !(tried.ok && tried.written))) continue;
      if (tried.ok)
        return tried.written ? countedChange(this.deps.metrics, tried.before, tried.after) : tried.before;
      if (tried.reason === 'slot') throw refusal(tried.slot);
      if (tried.reason === 'calendar') throw calendarNotFound();
    }
    throw busy();
  }
}
