import type { V2Slot } from './api-types';

/** The label of a slot for a visitor: its times, and the places left (none: "full"). */
export function slotLabel(slot: V2Slot): string {
  const times = `${slot.start_time.slice(0, 5)}–${slot.end_time.slice(0, 5)}`;
  if (slot.status !== 'open' || slot.available_slots === 0) return `${times} (full)`;
  return `${times} (${slot.available_slots} left)`;
}

/** Fills a list element with one item per slot of the answer to GET /api/v2/calendar-slots. */
export function renderSlots(list: HTMLElement, slots: readonly V2Slot[]): void {
  list.replaceChildren(
    ...slots.map((slot) => {
      const item = list.ownerDocument.createElement('li');
      item.textContent = slotLabel(slot);
      item.dataset.slotId = String(slot.id);
      return item;
    }),
  );
}
