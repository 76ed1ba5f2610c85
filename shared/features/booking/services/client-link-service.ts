import {
  AppError,
  alreadyAtThisTime,
  alreadyCancelled,
  appointmentNotFound,
  cancelledByLink,
  cancelledCannotMove,
  notManageable,
} from '../../../core/errors';
import type { EntityContext } from '../../access';
import { type CalendarReader, type CalendarRecord, hasStarted, type SlotRecord } from '../../schedule';
import { type AppointmentRecord, takesPlace } from '../domain/appointment';
import type { AppointmentStore } from '../ports';
import type { BookingService } from './booking-service';
import { refuseMoveOutsideWindow, refuseWithinCutoff } from './client-rules';
import { type MoveReads, moveTargetSlot, type RescheduleTarget } from './move-target';
import { appointmentOfToken } from './token-appointment';

export type { RescheduleTarget } from './move-target';

/** What the client link's use cases read, and the booking service whose transitions they make. */
export interface ClientLinkServiceDeps extends MoveReads {
  appointments: AppointmentStore;
  /** Moves and cancellations go through its `update`: the same transaction, refusals and metrics. */
  booking: Pick<BookingService, 'update'>;
  /**
   * The entity's calendars as an instance keeps them (up to TOKEN_CACHE_SECONDS old), for an appointment's
   * time zone: a refusal made on it is checked again on `calendars` first. `calendars` when absent.
   */
  recentCalendars?: CalendarReader;
  now?: () => Date;
}

/** What the link may no longer do to a cancelled appointment: each use case says it its own way. */
type WhenCancelled = () => AppError;

/** Why a client's link may not change an appointment in this status: cancelled, completed or no-show. */
const statusRefusal = (
  appointment: AppointmentRecord,
  whenCancelled: WhenCancelled,
): AppError | undefined => {
  if (appointment.status === 'cancelled') return whenCancelled();
  if (appointment.status === 'completed' || appointment.status === 'no_show')
    return notManageable(appointment.status);
  return undefined;
};

/** What whether a link opens the manage page reads: the appointment and its calendar, no booking service. */
export type ClientLinkReadsDeps = Omit<ClientLinkServiceDeps, 'booking'>;

/**
 * The client's link (the cancel token issued at booking, docs/CONTRACT.md#widget-and-manage-page): the
 * appointment it names, while it is manageable: pending or confirmed and not started (409 otherwise:
 * APPOINTMENT_CANCELLED, or APPOINTMENT_NOT_MANAGEABLE when completed or started). Whether it opens the
 * manage page's reads is all three read functions need (GET business, slots, availability): they carry
 * this without the booking service (docs/design/observability.md, cold starts).
 */
export class ClientLinkReads {
  protected readonly now: () => Date;

  constructor(protected readonly deps: ClientLinkReadsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The appointment a cancel token names and its calendar: unknown 404, no longer manageable 409 (started;
   * with `cutoff`, within the client change cut-off too). `lightly`: read eventually consistent first (a
   * cancel's: its transaction is conditioned on what was read), and a refusal made on that read is made
   * again on a strong one before it stands.
   */
  protected async manageable(
    entity: EntityContext,
    cancelToken: string,
    rules: { whenCancelled: WhenCancelled; cutoff?: boolean; lightly?: boolean },
  ) {
    const check = async (consistent: boolean) => {
      const { appointments } = this.deps;
      const appointment = await appointmentOfToken(appointments, entity.entityId, cancelToken, consistent);
      if (!appointment) throw appointmentNotFound();
      const refused = statusRefusal(appointment, rules.whenCancelled);
      if (refused) throw refused;
      return { appointment, calendar: await this.timeChecked(entity, appointment, rules.cutoff) };
    };
    if (!rules.lightly) return check(true);
    return check(false).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return check(true);
    });
  }

  /** The appointment's calendar, once its start is checked: started 409, within the cut-off 409 (`cutoff`). */
  protected timeChecked(entity: EntityContext, appointment: AppointmentRecord, cutoff = false) {
    return this.zoneChecked(entity, appointment, (zone) => {
      if (hasStarted(appointment.date, appointment.start_time, zone, this.now()))
        throw notManageable('started');
      if (cutoff) refuseWithinCutoff(entity, appointment, zone, this.now());
    });
  }

  /**
   * What refuses the link's change of the appointment as a try of its transaction reads it: its status, and,
   * when it is no longer at the time that was checked (the business moved it since), its start and cut-off
   * at its new time.
   */
  protected async refusalOf(
    entity: EntityContext,
    checked: AppointmentRecord,
    read: AppointmentRecord,
    rules: { whenCancelled: WhenCancelled; cutoff?: boolean },
  ): Promise<AppError | undefined> {
    const refused = statusRefusal(read, rules.whenCancelled);
    if (refused) return refused;
    const same = (['date', 'start_time', 'calendar_id'] as const).every((k) => read[k] === checked[k]);
    if (same) return undefined;
    return this.timeChecked(entity, read, rules.cutoff).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      },
    );
  }

  /**
   * The appointment's calendar, after `check` of its time zone: read from the instance's memory when kept,
   * and read again strongly before a refusal made on it stands (a zone changed a moment ago elsewhere).
   */
  protected async zoneChecked(
    entity: EntityContext,
    appointment: AppointmentRecord,
    check: (zone: string) => void,
  ): Promise<CalendarRecord | null> {
    const zoneOf = (c: CalendarRecord | null) => c?.timezone ?? entity.settings.timezone;
    const recent = this.deps.recentCalendars;
    const strong = () => this.deps.calendars.get(entity.entityId, appointment.calendar_id);
    const first = await (recent ? recent.get(entity.entityId, appointment.calendar_id) : strong());
    try {
      check(zoneOf(first));
      return first;
    } catch (error) {
      if (!recent || !(error instanceof AppError)) throw error;
      const calendar = await strong();
      check(zoneOf(calendar));
      return calendar;
    }
  }

  /** True while a cancel token names a manageable appointment: it opens the manage page's reads only then. */
  async opens(entity: EntityContext, cancelToken: string): Promise<boolean> {
    return this.manageable(entity, cancelToken, { whenCancelled: cancelledByLink }).then(
      () => true,
      // Unknown (404) or no longer manageable (409): the token opens nothing. A store that failed is no
      // verdict on the token: its error goes on to be answered as a store fault.
      (error: unknown) => {
        if (error instanceof AppError && (error.kind === 'not_found' || error.kind === 'conflict'))
          return false;
        throw error;
      },
    );
  }
}

/**
 * The client's link, and moving or cancelling the appointment it names while it is manageable (as
 * ClientLinkReads). The business's own token keeps every power (BookingService).
 */
export class ClientLinkService extends ClientLinkReads {
  constructor(protected override readonly deps: ClientLinkServiceDeps) {
    super(deps);
  }

  /** The appointment a cancel token names, with its slot and calendar (the manage page); unknown 404. */
  async lookupByToken(entity: EntityContext, cancelToken: string) {
    const { appointment, calendar } = await this.manageable(entity, cancelToken, {
      whenCancelled: cancelledByLink,
    });
    const slot = await this.deps.slots.get(entity.entityId, appointment.slot_id);
    return { appointment, slot, calendar };
  }

  /**
   * Moves the appointment a cancel token names to another time (docs/CONTRACT.md#widget-and-manage-page): the slot given,
   * or the slot starting at that date and time in the calendar given (the appointment's when absent).
   * One transaction takes the new place and frees the old one (409 when the new one is taken: nothing
   * changes). A service's appointment moves only to a calendar that performs the service (400, as its booking).
   * A cancelled, completed or started appointment, or the time it already has, is 409.
   */
  async rescheduleByToken(entity: EntityContext, cancelToken: string, target: RescheduleTarget) {
    const { appointment: before } = await this.manageable(entity, cancelToken, {
      whenCancelled: cancelledCannotMove,
      cutoff: true,
    });
    const slot = await moveTargetSlot(this.deps, entity, before, target);
    refuseMoveOutsideWindow({
      entity,
      slot,
      now: this.now(),
      ...(await this.windowReads(entity, before, slot)),
    });
    const appointment = await this.deps.booking.update(
      entity,
      before.appointment_id,
      { slotId: slot.slot_id },
      {
        conflictIfUnchanged: alreadyAtThisTime,
        refuse: (read) =>
          this.refusalOf(entity, before, read, { whenCancelled: cancelledCannotMove, cutoff: true }),
        read: before,
      },
    );
    return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
  }

  /** What a move's window is read from: the new slot's calendar, and the appointment's service if any. */
  private async windowReads(entity: EntityContext, before: AppointmentRecord, slot: SlotRecord) {
    const [calendar, service] = await Promise.all([
      this.deps.calendars.get(entity.entityId, slot.calendar_id),
      before.service_id === undefined ? null : this.deps.services.get(entity.entityId, before.service_id),
    ]);
    return { calendar, service };
  }

  /**
   * Cancels by the token issued at booking: unknown 404 `appointment not found`, twice 409. The appointment
   * is read eventually consistent, and as read is the transaction's first try (conditioned on its status,
   * slot and change count; a refusal on it is read again strongly first); the answer shows its slot as read
   * just before (eventually consistent), with the place the cancel freed.
   */
  async cancelByToken(entity: EntityContext, cancelToken: string) {
    const { appointment: before } = await this.manageable(entity, cancelToken, {
      whenCancelled: alreadyCancelled,
      cutoff: true,
      lightly: true,
    });
    const slot = await this.deps.slots.get(entity.entityId, before.slot_id, false);
    const appointment = await this.deps.booking.update(
      entity,
      before.appointment_id,
      { status: 'cancelled' },
      {
        conflictIfUnchanged: alreadyCancelled,
        refuse: (read) =>
          this.refusalOf(entity, before, read, { whenCancelled: alreadyCancelled, cutoff: true }),
        read: before,
      },
    );
    // Moved meanwhile by the business (the transaction retried on the appointment as it then was): its
    // own slot, read now, shows what the cancel freed.
    if (appointment.slot_id !== before.slot_id)
      return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
    const freed = takesPlace(before.status) && !takesPlace(appointment.status);
    return { appointment, slot: slot && freed ? { ...slot, taken: Math.max(0, slot.taken - 1) } : slot };
  }
}
