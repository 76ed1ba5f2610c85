import {
  alreadyAtThisTime,
  alreadyCancelled,
  appointmentNotFound,
  cancelledCannotMove,
  slotNotFound,
} from '../../../core/errors';
import type { EntityContext } from '../../access';
import { sha256Hex } from '../../access';
import type { CalendarReader, SlotReader } from '../../schedule';
import { takesPlace } from '../domain/appointment';
import type { AppointmentStore } from '../ports';
import type { BookingService } from './booking-service';

/** Where a reschedule goes: a slot, or a start (date and time) in a calendar. */
export type RescheduleTarget =
  | { slotId: number }
  | { date: string; startTime: string; calendarId?: number | undefined };

/** What the client link's use cases read, and the booking service whose transitions they make. */
export interface ClientLinkServiceDeps {
  appointments: AppointmentStore;
  slots: SlotReader;
  calendars: CalendarReader;
  /** Moves and cancellations go through its `update`: the same transaction, refusals and metrics. */
  booking: Pick<BookingService, 'update'>;
}

/**
 * The client's link (the cancel token issued at booking, docs/CONTRACT.md#widget-and-manage-page): the
 * appointment it names, and moving or cancelling it.
 */
export class ClientLinkService {
  constructor(private readonly deps: ClientLinkServiceDeps) {}

  /** The appointment a cancel token names, with its slot and calendar (the manage page); unknown 404. */
  async lookupByToken(entity: EntityContext, cancelToken: string) {
    const id = await this.deps.appointments.findByCancelToken(entity.entityId, sha256Hex(cancelToken));
    const appointment = id === null ? null : await this.deps.appointments.get(entity.entityId, id);
    if (!appointment) throw appointmentNotFound();
    const [slot, calendar] = await Promise.all([
      this.deps.slots.get(entity.entityId, appointment.slot_id),
      this.deps.calendars.get(entity.entityId, appointment.calendar_id),
    ]);
    return { appointment, slot, calendar };
  }

  /**
   * Moves the appointment a cancel token names to another time (docs/CONTRACT.md#widget-and-manage-page): the slot given,
   * or the slot starting at that date and time in the calendar given (the appointment's when absent).
   * One transaction takes the new place and frees the old one (409 when the new one is taken: nothing
   * changes). A cancelled appointment, or the time it already has, is 409.
   */
  async rescheduleByToken(entity: EntityContext, cancelToken: string, target: RescheduleTarget) {
    const id = await this.deps.appointments.findByCancelToken(entity.entityId, sha256Hex(cancelToken));
    const before = id === null ? null : await this.deps.appointments.get(entity.entityId, id);
    if (!before) throw appointmentNotFound();
    if (!takesPlace(before.status)) throw cancelledCannotMove();
    const slotId =
      'slotId' in target ? target.slotId : await this.slotStartingAt(entity, before.calendar_id, target);
    const appointment = await this.deps.booking.update(
      entity,
      before.appointment_id,
      { slotId },
      { conflictIfUnchanged: alreadyAtThisTime },
    );
    return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
  }

  private async slotStartingAt(
    entity: EntityContext,
    calendarId: number,
    at: { date: string; startTime: string; calendarId?: number | undefined },
  ): Promise<number> {
    const calendar = at.calendarId ?? calendarId;
    const slots = await this.deps.slots.listRange(entity.entityId, calendar, at.date, at.date);
    const slot = slots.find((s) => s.start_time === at.startTime);
    if (!slot) throw slotNotFound();
    return slot.slot_id;
  }

  /** Cancels by the token issued at booking: unknown 404 `appointment not found`, twice 409. */
  async cancelByToken(entity: EntityContext, cancelToken: string) {
    const id = await this.deps.appointments.findByCancelToken(entity.entityId, sha256Hex(cancelToken));
    if (id === null) throw appointmentNotFound();
    const appointment = await this.deps.booking.update(
      entity,
      id,
      { status: 'cancelled' },
      { conflictIfUnchanged: alreadyCancelled },
    );
    return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
  }
}
