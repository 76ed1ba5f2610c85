import { changeTooLate } from '../../../core/errors';
import type { EntityContext } from '../../access';
import type { ServiceRecord } from '../../catalog';
import type { CalendarRecord, SlotRecord } from '../../schedule';
import { startInstant, windowOf } from '../../schedule';
import type { AppointmentRecord } from '../domain/appointment';
import { refuseOutsideWindow } from './booking-rules';

/**
 * What binds a client's link (a cancel token) beyond the appointment's status (docs/CONTRACT.md#booking-window):
 * the business's cut-off before a start, and the booking window of the time it moves to. The business's
 * own token and sessions are bound by neither.
 */

/** "90 minutes", "2 hours", "1 day": the cut-off as a person reads it. */
export function cutoffText(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** 409 CHANGE_TOO_LATE when a client's link changes an appointment that starts within the cut-off. */
export function refuseWithinCutoff(
  entity: EntityContext,
  appointment: AppointmentRecord,
  timezone: string,
  now: Date,
): void {
  const cutoff = entity.settings.client_change_cutoff_minutes ?? 0;
  if (cutoff <= 0 || !windowOf(entity)) return;
  const start = startInstant(appointment.date, appointment.start_time, timezone).getTime();
  if (start - now.getTime() < cutoff * 60_000) throw changeTooLate(cutoffText(cutoff), entity.settings.name);
}

/** Where a client's move goes, and what it reads for the window: the slot's calendar and its service. */
export interface MoveWindow {
  entity: EntityContext;
  slot: SlotRecord;
  calendar: CalendarRecord | null;
  service: ServiceRecord | null;
  now: Date;
}

/** 409 too soon / too far ahead when a client's link moves outside its window (the service's own when it has one). */
export function refuseMoveOutsideWindow({ entity, slot, calendar, service, now }: MoveWindow): void {
  const zone = calendar ?? { timezone: entity.settings.timezone };
  refuseOutsideWindow(slot, zone, now, windowOf(entity, service ?? undefined));
}
