import { invalidField, resourceNotFound, slotNotFound } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { performs, type ServiceRecord } from '../../catalog';
import type { CalendarReader, SlotReader, SlotRecord } from '../../schedule';
import type { AppointmentRecord } from '../domain/appointment';

/** Where a move goes: a slot, or a start (date and time) in a calendar (the appointment's when absent). */
export type RescheduleTarget =
  | { slotId: number; calendarId?: number | undefined }
  | { date: string; startTime: string; calendarId?: number | undefined };

/** What resolving a move reads: slots, calendars and services. */
export interface MoveReads {
  slots: SlotReader;
  calendars: CalendarReader;
  services: { get(entityId: string, serviceId: number): Promise<ServiceRecord | null> };
}

/**
 * The slot a move goes to: the slot given (of `calendarId` when given, else 404 `slot not found`), or the
 * slot starting at that date and time in `calendarId`, the appointment's calendar when absent (404 when
 * none starts then). A service's appointment moves only to a calendar that performs the service (400
 * naming the field, as its booking).
 */
export async function moveTargetSlot(
  reads: MoveReads,
  entity: EntityContext,
  before: AppointmentRecord,
  target: RescheduleTarget,
): Promise<SlotRecord> {
  const slot = await slotOf(reads.slots, entity.entityId, before.calendar_id, target);
  if (before.service_id !== undefined) await refuseOtherPerformer(reads, entity, before, { slot, target });
  return slot;
}

async function slotOf(
  slots: SlotReader,
  entityId: string,
  calendarId: number,
  target: RescheduleTarget,
): Promise<SlotRecord> {
  if ('slotId' in target) {
    const slot = await slots.get(entityId, target.slotId);
    if (!slot || (target.calendarId !== undefined && slot.calendar_id !== target.calendarId))
      throw slotNotFound();
    return slot;
  }
  const calendar = target.calendarId ?? calendarId;
  const day = await slots.listRange(entityId, calendar, target.date, target.date);
  const slot = day.find((s) => s.start_time === target.startTime);
  if (!slot) throw slotNotFound();
  return slot;
}

/** A service's appointment moves to a calendar that performs the service only (400 naming the field). */
async function refuseOtherPerformer(
  reads: MoveReads,
  entity: EntityContext,
  before: AppointmentRecord,
  to: { slot: SlotRecord; target: RescheduleTarget },
): Promise<void> {
  const [service, calendar] = await Promise.all([
    reads.services.get(entity.entityId, before.service_id ?? 0),
    reads.calendars.get(entity.entityId, to.slot.calendar_id),
  ]);
  if (!service) throw resourceNotFound('service');
  if (calendar && performs(service, calendar)) return;
  throw 'date' in to.target
    ? invalidField('calendar_id', 'this calendar does not perform the service')
    : invalidField('slot_id', "this slot's calendar does not perform the service");
}
