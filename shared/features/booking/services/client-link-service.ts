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
import { sha256Hex } from '../../access';
import { hasStarted, type SlotRecord } from '../../schedule';
import type { AppointmentRecord } from '../domain/appointment';
import type { AppointmentStore } from '../ports';
import type { BookingService } from './booking-service';
import { refuseMoveOutsideWindow, refuseWithinCutoff } from './client-rules';
import { type MoveReads, moveTargetSlot, type RescheduleTarget } from './move-target';

export type { RescheduleTarget } from './move-target';

/** What the client link's use cases read, and the booking service whose transitions they make. */
export interface ClientLinkServiceDeps extends MoveReads {
  appointments: AppointmentStore;
  /** Moves and cancellations go through its `update`: the same transaction, refusals and metrics. */
  booking: Pick<BookingService, 'update'>;
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

/**
 * The client's link (the cancel token issued at booking, docs/CONTRACT.md#widget-and-manage-page): the
 * appointment it names, and moving or cancelling it, while it is manageable: pending or confirmed and not
 * started (409 otherwise: APPOINTMENT_CANCELLED, or APPOINTMENT_NOT_MANAGEABLE when completed or started).
 * The business's own token keeps every power (BookingService).
 */
export class ClientLinkService {
  private readonly now: () => Date;

  constructor(private readonly deps: ClientLinkServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The appointment a cancel token names and its calendar: unknown 404, no longer manageable 409. */
  private async manageable(entity: EntityContext, cancelToken: string, whenCancelled: WhenCancelled) {
    const id = await this.deps.appointments.findByCancelToken(entity.entityId, sha256Hex(cancelToken));
    const appointment = id === null ? null : await this.deps.appointments.get(entity.entityId, id);
    if (!appointment) throw appointmentNotFound();
    const refused = statusRefusal(appointment, whenCancelled);
    if (refused) throw refused;
    const calendar = await this.deps.calendars.get(entity.entityId, appointment.calendar_id);
    const zone = calendar?.timezone ?? entity.settings.timezone;
    if (hasStarted(appointment.date, appointment.start_time, zone, this.now()))
      throw notManageable('started');
    return { appointment, calendar };
  }

  /** True while a cancel token names a manageable appointment: it opens the manage page's reads only then. */
  async opens(entity: EntityContext, cancelToken: string): Promise<boolean> {
    return this.manageable(entity, cancelToken, cancelledByLink).then(
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

  /** The appointment a cancel token names, with its slot and calendar (the manage page); unknown 404. */
  async lookupByToken(entity: EntityContext, cancelToken: string) {
    const { appointment, calendar } = await this.manageable(entity, cancelToken, cancelledByLink);
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
    const { appointment: before, calendar } = await this.manageable(entity, cancelToken, cancelledCannotMove);
    refuseWithinCutoff(entity, before, calendar?.timezone ?? entity.settings.timezone, this.now());
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
      { conflictIfUnchanged: alreadyAtThisTime, refuse: (read) => statusRefusal(read, cancelledCannotMove) },
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

  /** Cancels by the token issued at booking: unknown 404 `appointment not found`, twice 409. */
  async cancelByToken(entity: EntityContext, cancelToken: string) {
    const { appointment: before, calendar } = await this.manageable(entity, cancelToken, alreadyCancelled);
    refuseWithinCutoff(entity, before, calendar?.timezone ?? entity.settings.timezone, this.now());
    const appointment = await this.deps.booking.update(
      entity,
      before.appointment_id,
      { status: 'cancelled' },
      { conflictIfUnchanged: alreadyCancelled, refuse: (read) => statusRefusal(read, alreadyCancelled) },
    );
    return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
  }
}
