import { AppError, appointmentNotFound, cancelledByLink, notManageable } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { hasStarted, type SlotReader } from '../../schedule';
import type { AppointmentRecord } from '../domain/appointment';
import type { AppointmentStore } from '../ports';
import type { BookingService } from './booking-service';
import { appointmentOfToken } from './token-appointment';

/** What confirmation and release read, and the booking service whose transition they make. */
export interface ConfirmationServiceDeps {
  appointments: AppointmentStore;
  booking: Pick<BookingService, 'update'>;
  calendars: { get(entityId: string, calendarId: number): Promise<{ timezone?: string } | null> };
  slots: SlotReader;
  now?: () => Date;
}

/** Why a confirmation cannot be made: released or cancelled (409), completed or no-show (409). */
const refusalOf = (a: AppointmentRecord): AppError | undefined => {
  if (a.status === 'cancelled') return cancelledByLink();
  if (a.status === 'completed' || a.status === 'no_show') return notManageable(a.status);
  return undefined;
};

/**
 * A pending booking's two ends (docs/CONTRACT.md#confirm-by-email): the client confirms it with the cancel
 * token of its e-mail's link, or the release cancels it when its hold is over. Each is one conditional
 * transaction on the status read (BookingService.update): when both land at once, one wins and the other
 * sees the status it left (a release then keeps a confirmed booking; a confirmation of a released one is 409).
 */
export class ConfirmationService {
  private readonly now: () => Date;

  constructor(private readonly deps: ConfirmationServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Confirms the appointment a cancel token names: a confirmed one answers as it is; cancelled 409. */
  async confirmByToken(entity: EntityContext, cancelToken: string) {
    const appointment = await this.confirmed(entity, cancelToken);
    return { appointment, slot: await this.deps.slots.get(entity.entityId, appointment.slot_id) };
  }

  private async confirmed(entity: EntityContext, cancelToken: string): Promise<AppointmentRecord> {
    const before = await appointmentOfToken(this.deps.appointments, entity.entityId, cancelToken);
    if (!before) throw appointmentNotFound();
    // Confirmed already, or pending for another reason than a key's booking awaiting its link (a pending
    // booking the business made, or one it changed since): answered as it is, unchanged.
    if (before.status === 'confirmed' || (before.status === 'pending' && before.changed_by !== 'key'))
      return before;
    const refused = refusalOf(before);
    if (refused) throw refused;
    const calendar = await this.deps.calendars.get(entity.entityId, before.calendar_id);
    const zone = calendar?.timezone ?? entity.settings.timezone;
    if (hasStarted(before.date, before.start_time, zone, this.now())) throw notManageable('started');
    return this.deps.booking.update(
      entity,
      before.appointment_id,
      { status: 'confirmed' },
      { refuse: refusalOf },
    );
  }

  /**
   * Releases a booking still pending when its hold is over: cancelled (its place freed) in one transaction
   * conditioned on the status read; 'kept' when it is no longer pending (confirmed, cancelled, gone).
   */
  async release(entity: EntityContext, appointmentId: number): Promise<'released' | 'kept'> {
    const kept = new AppError('conflict', 'SLOT_UNAVAILABLE', 'no longer pending');
    try {
      await this.deps.booking.update(
        entity,
        appointmentId,
        { status: 'cancelled' },
        { refuse: (read) => (read.status === 'pending' ? undefined : kept) },
      );
      return 'released';
    } catch (error) {
      if (error === kept || (error instanceof AppError && error.kind === 'not_found')) return 'kept';
      throw error;
    }
  }
}
