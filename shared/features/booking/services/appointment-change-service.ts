import {
  type AppError,
  alreadyAtThisTime,
  alreadyCancelled,
  appointmentNotFound,
  cancelledCannotMove,
} from '../../../core/errors';
import type { EntityContext } from '../../access';
import { type CalendarScope, inScope, refuseOutsideScope } from '../../access';
import type { AppointmentStatus } from '../domain/appointment';
import type { AppointmentStore } from '../ports';
import type { BookingService } from './booking-service';
import { type MoveReads, moveTargetSlot, type RescheduleTarget } from './move-target';

/** What the business's change asks: a move, a status, or both (at least one). */
export interface AppointmentChange {
  appointmentId: number;
  move?: RescheduleTarget | undefined;
  status?: AppointmentStatus | undefined;
  /** A staff member's calendars (issue 60): the appointment and its new place must be among them (403). */
  scope?: CalendarScope;
}

/** What the business's changes read, and the booking service whose transitions they make. */
export interface AppointmentChangeServiceDeps extends MoveReads {
  appointments: AppointmentStore;
  /** Every change goes through its `update`: the booking's transaction, refusals and metrics. */
  booking: Pick<BookingService, 'update'>;
}

/**
 * The business's own changes of an appointment (v2 `POST /appointments/update`, docs/CONTRACT.md#appointments):
 * a move (a slot, or a start in a calendar) and/or a status, in one transaction through
 * BookingService.update, the path of v1's PUT /appointment/{id} and of the client's link: a move takes the
 * new place under a booking's rules (open, a place left, not started) and frees the old one; `cancelled`
 * frees the place, leaving it takes one again; `completed` and `no_show` keep it. No status is refused
 * because the appointment has started (a no-show is marked before or after the start).
 */
export class AppointmentChangeService {
  constructor(private readonly deps: AppointmentChangeServiceDeps) {}

  /**
   * 404 for an unknown appointment, 403 outside the scope. A move to the time the appointment already has
   * is 409 ALREADY_AT_THIS_TIME, a cancel of a cancelled one 409 APPOINTMENT_CANCELLED, and so is a move of a
   * cancelled one that does not bring it back; a status it already has answers it as it is.
   */
  async change(entity: EntityContext, change: AppointmentChange) {
    const read = (consistent: boolean) =>
      this.deps.appointments.get(entity.entityId, change.appointmentId, consistent);
    // A status alone is read eventually consistent: the transaction is conditioned on what was read (its
    // first try), and not found or another's calendar on that read is read again strongly first. A move
    // reads strongly: where it goes may depend on the appointment's calendar.
    const lightly = change.move === undefined;
    let before = await read(!lightly);
    if (lightly && !(before && inScope(change.scope, before.calendar_id))) before = await read(true);
    if (!before) throw appointmentNotFound();
    refuseOutsideScope(change.scope, before.calendar_id);
    let slotId: number | undefined;
    if (change.move) {
      const slot = await moveTargetSlot(this.deps, entity, before, change.move);
      refuseOutsideScope(change.scope, slot.calendar_id);
      slotId = slot.slot_id;
    }
    const moving = slotId !== undefined;
    const appointment = await this.deps.booking.update(
      entity,
      before.appointment_id,
      { slotId, status: change.status },
      {
        ...unchangedRefusal(moving, change.status),
        // Read again on every try: a cancel landing meanwhile makes a plain move a move of a cancelled one,
        // and a move another's calendar.
        refuse: (now) => {
          refuseOutsideScope(change.scope, now.calendar_id);
          return moving && now.status === 'cancelled' && (change.status ?? 'cancelled') === 'cancelled'
            ? cancelledCannotMove()
            : undefined;
        },
        read: before,
      },
    );
    const calendar = await this.deps.calendars.get(entity.entityId, appointment.calendar_id);
    return { appointment, calendarName: calendar?.calendar_name ?? '' };
  }
}

/** What a change that changes nothing answers: 409 for a move or a cancel (as v2's own), else the appointment. */
function unchangedRefusal(
  moving: boolean,
  status: AppointmentStatus | undefined,
): { conflictIfUnchanged?: () => AppError } {
  if (moving) return { conflictIfUnchanged: alreadyAtThisTime };
  if (status === 'cancelled') return { conflictIfUnchanged: alreadyCancelled };
  return {};
}
