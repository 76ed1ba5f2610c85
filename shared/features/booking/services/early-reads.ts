import type { BookingSnapshot } from '../ports';
import type { BookingRequest } from './booking-rules';

/**
 * A booking's first reads (the snapshot and two reserved ids), started before its token is checked
 * (HandlerOptions.prefetch) for the entity and request it names; `BookingService.book` uses them only for
 * that same entity and the same calendar, slot and phone (`serves`), and reads again when they failed.
 */
export interface EarlyReads {
  readonly entityId: string;
  readonly request: Pick<BookingRequest, 'calendarId' | 'slotId' | 'phone'>;
  readonly reads: Promise<[BookingSnapshot, number[]]>;
}

/** Early reads for an entity and request, started now. */
export function earlyReads(
  entityId: string,
  request: Pick<BookingRequest, 'calendarId' | 'slotId' | 'phone'>,
  reads: Promise<[BookingSnapshot, number[]]>,
): EarlyReads {
  // Dropped when the token is refused or names another entity: no unhandled rejection then.
  reads.catch(() => undefined);
  return { entityId, request, reads };
}

/** Whether early reads were read for this entity and the same calendar, slot and phone. */
export function serves(early: EarlyReads, entityId: string, request: BookingRequest): boolean {
  const { calendarId, slotId, phone } = early.request;
  return (
    entityId === early.entityId &&
    calendarId === request.calendarId &&
    slotId === request.slotId &&
    phone === request.phone
  );
}
