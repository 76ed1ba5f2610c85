/** Keys of appointments, their cancel tokens and the Idempotency-Key records of booking requests. */
import { INDEX } from './indexes';
import { inEntity, type Key, padId } from './parts';

export const appointment = (entityId: string, appointmentId: number): Key =>
  inEntity(entityId, `APPT#${padId(appointmentId)}`);

export const appointmentIndexes = (
  entityId: string,
  a: { calendarId: number; clientId: number; date: string; startTime: string; appointmentId: number },
) => {
  // The three indexes compose an appointment's date-ordered sort key alike.
  const when = INDEX.entityDate.sort('APPT', a.date, a.startTime, a.appointmentId);
  return {
    [INDEX.calendarDate.pk]: INDEX.calendarDate.partition(entityId, a.calendarId),
    [INDEX.calendarDate.sk]: when,
    [INDEX.entityDate.pk]: INDEX.entityDate.partition(entityId),
    [INDEX.entityDate.sk]: when,
    [INDEX.clientAppointments.pk]: INDEX.clientAppointments.partition(entityId, a.clientId),
    [INDEX.clientAppointments.sk]: when,
  };
};

/** Cancel tokens are found by their SHA-256; the token itself is never stored. */
export const cancelToken = (entityId: string, tokenHash: string): Key =>
  inEntity(entityId, `CANCEL#${tokenHash}`);

/**
 * Idempotency record of a booking request (Idempotency-Key header), per caller: the entity's secret
 * tokens (no `caller`: the key as it always was), or one publishable key and caller address (`caller`,
 * which never starts like a route, so the two never meet).
 */
export const idempotency = (entityId: string, route: string, idempotencyKey: string, caller?: string): Key =>
  inEntity(
    entityId,
    caller ? `IDEMPOTENCY#${caller}#${route}#${idempotencyKey}` : `IDEMPOTENCY#${route}#${idempotencyKey}`,
  );

/**
 * The live bookings one visitor or one client contact holds with publishable keys (docs/CONTRACT.md#live-caps):
 * `scope` visitor or contact, `holder` a digest of who (never the address or phone itself).
 */
export const liveCap = (entityId: string, scope: 'visitor' | 'contact', holder: string): Key =>
  inEntity(entityId, `LIVECAP#${scope}#${holder}`);
