import { slotNotAvailable } from '../../../core/errors';
import { type ServiceRecord, serviceSlots } from '../../catalog';
import type { SlotReader, SlotRecord } from '../../schedule';
import { byStart, timeToSeconds } from '../../schedule';
import type { AppointmentRecord } from '../domain/appointment';

/** Where a service appointment's new run is read: the slots, and its service (for its buffers). */
export interface ServiceRunMove {
  slots: SlotReader;
  services?: { get(entityId: string, serviceId: number): Promise<ServiceRecord | null> } | undefined;
  entityId: string;
  before: AppointmentRecord;
  slot: SlotRecord;
}

/**
 * A service appointment moved to `slot` keeps its length: it takes the run of consecutive slots from there
 * to start + its duration, and the slots its service's buffers touch now (docs/CONTRACT.md#buffers); no
 * such run is 409. Places are not looked at here: the move's transaction takes the new ones, each with its
 * condition, and keeps those it held before and still holds.
 */
export async function serviceRunFrom({ slots, services, entityId, before, slot }: ServiceRunMove) {
  const minutes = (timeToSeconds(before.end_time) - timeToSeconds(before.start_time)) / 60;
  const [service, listed] = await Promise.all([
    services && before.service_id !== undefined ? services.get(entityId, before.service_id) : null,
    slots.listRange(entityId, slot.calendar_id, slot.date, slot.date),
  ]);
  const day = listed.sort(byStart);
  const covered = serviceSlots({
    daySlots: day,
    index: day.findIndex((s) => s.slot_id === slot.slot_id),
    service: {
      duration: minutes,
      buffer_before_minutes: service?.buffer_before_minutes ?? 0,
      buffer_after_minutes: service?.buffer_after_minutes ?? 0,
    },
  });
  if (!covered) throw slotNotAvailable('full');
  return { end_time: covered.end, slot_ids: covered.slots.map((s) => s.slot_id) };
}
