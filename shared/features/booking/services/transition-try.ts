import { type AppError, appointmentNotFound, calendarNotFound, slotNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { changedByOf } from '../../access';
import type { ServiceRecord } from '../../catalog';
import type { CalendarReader, SlotReader } from '../../schedule';
import { type AppointmentRecord, type AppointmentStatus, takesPlace } from '../domain/appointment';
import type { AppointmentStore, BookingWriter, ClientReader, TransitionPlan, WriteOutcome } from '../ports';
import { clientAfterMove, refuseUnbookable } from './booking-rules';
import { serviceRunFrom } from './service-run';

/** What a transition changes: a new status, a new slot, or both. */
export type Change = { slotId?: number | undefined; status?: AppointmentStatus | undefined };

/** What the caller forbids; `refuse` is checked on the appointment as read on every try (no race with it). */
export type Guards = {
  conflictIfUnchanged?: () => AppError;
  /** A refusal for the appointment as read (returned, or thrown). */
  refuse?: (before: AppointmentRecord) => AppError | undefined | Promise<AppError | undefined>;
  /**
   * The appointment as the caller has just read it: the first try's, not read again (the transaction is
   * conditioned on its status, slot and change count as read; a retry reads it again, strongly).
   */
  read?: NonNullable<Awaited<ReturnType<AppointmentStore['get']>>>;
};

/** What one try of a transition reads and writes with. */
export interface TransitionDeps {
  appointments: AppointmentStore;
  writer: BookingWriter;
  slots: SlotReader;
  calendars: CalendarReader;
  clients: ClientReader;
  now: () => Date;
  services?: { get(entityId: string, serviceId: number): Promise<ServiceRecord | null> } | undefined;
}

/** One try: which appointment, what change, the caller's guards, and how it reads. */
export interface TransitionTry {
  entity: EntityContext;
  appointmentId: number;
  change: Change;
  guards: Guards;
  /**
   * Read strongly (every retry, and a first try's answer confirmed); else the appointment and its client
   * eventually consistent: what such a read admits, the transaction's conditions check again.
   */
  strong: boolean;
}

/** A try's end: the change written, nothing to change (`written` false), or the transaction's refusal. */
export type Tried =
  | { ok: true; written: boolean; before: AppointmentRecord; after: AppointmentRecord }
  | Exclude<WriteOutcome, { ok: true }>;

/**
 * One try of a transition (BookingService.update): the appointment (the caller's read on a first try), the
 * caller's guards, the new slot's checks for a move, the client's days when they move, then the one
 * conditional transaction. Refusals are thrown; a refused transaction is returned for the caller to retry.
 * On a first try's eventually consistent reads, a client not found yet (booked a moment ago, its days must
 * move) is answered `stale`: read again strongly.
 */
export async function tryTransition(deps: TransitionDeps, t: TransitionTry): Promise<Tried> {
  const { entity, appointmentId, change, guards, strong } = t;
  const before =
    !strong && guards.read?.appointment_id === appointmentId
      ? guards.read
      : await deps.appointments.get(entity.entityId, appointmentId, strong);
  if (!before) throw appointmentNotFound();
  const refused = await guards.refuse?.(before);
  if (refused) throw refused;
  const status = change.status ?? before.status;
  const updated_at = deps.now().toISOString();
  let after: AppointmentRecord = { ...before, status, updated_at, changed_by: changedByOf(entity) };
  let client: TransitionPlan['client'];
  if (change.slotId !== undefined && change.slotId !== before.slot_id) {
    const slot = await deps.slots.get(entity.entityId, change.slotId);
    if (!slot) throw slotNotFound();
    const calendar = await deps.calendars.get(entity.entityId, slot.calendar_id);
    if (!calendar?.is_active) throw calendarNotFound();
    // A service moved by less than its length already holds a place in this slot. Any other move needs a
    // free place, a cancelled appointment's too (docs/CONTRACT.md#v1-in-short: it checks, without taking one).
    const holdsIt = takesPlace(before.status) && (before.slot_ids ?? []).includes(slot.slot_id);
    refuseUnbookable(slot, calendar, deps.now(), !holdsIt);
    after = {
      ...after,
      slot_id: slot.slot_id,
      calendar_id: slot.calendar_id,
      date: slot.date,
      start_time: slot.start_time,
      end_time: slot.end_time,
      ...(before.slot_ids ? await serviceRunFrom({ ...deps, entityId: entity.entityId, before, slot }) : {}),
    };
    const { appointments, clients } = deps;
    client = await clientAfterMove({ clients, appointments, entityId: entity.entityId, before, after });
  } else if (status === before.status) {
    // Nothing to change: answered as is, or refused where a repeat is an error (a second cancel).
    if (guards.conflictIfUnchanged) throw guards.conflictIfUnchanged();
    return { ok: true, written: false, before, after: before };
  }
  // The client's days move when the appointment goes live or not, or changes day or calendar: written on
  // the days' version read (client-updates.ts), so a read a moment old is a refused transaction.
  const movesDays =
    takesPlace(before.status) !== takesPlace(after.status) ||
    before.date !== after.date ||
    before.calendar_id !== after.calendar_id;
  const owner = movesDays ? await deps.clients.get(entity.entityId, before.client_id, strong) : null;
  if (movesDays && !owner && !strong) return { ok: false, reason: 'stale' };
  const outcome = await deps.writer.transition(entity.entityId, {
    before,
    after,
    ...(client ? { client } : {}),
    ...(owner ? { owner } : {}),
    // A key's or a cancel token's change: its e-mail counts against the address's cap.
    ...(entity.credential ? { viaKey: true as const } : {}),
  });
  return outcome.ok ? { ok: true, written: true, before, after } : outcome;
}
