/** A slot: a v2 slot record and a v1 slot at once (docs/CONTRACT.md#two-apis-one-data-model). */
export interface SlotRecord {
  slot_id: number;
  calendar_id: number;
  date: string;
  start_time: string;
  end_time: string;
  status: 'open' | 'closed';
  /** Places in the slot (v2 max_appointments, v1 capacity). */
  capacity: number;
  /** Places taken by live (pending, confirmed, completed) appointments (v1 booked_appointments). */
  taken: number;
  created_at: string;
  updated_at: string;
  /** Closed by a closure day (docs/CONTRACT.md#self-service): removing the closure reopens it. Never shown. */
  closed_by_closure?: true;
  /** Closed by this time off (docs/CONTRACT.md#time-off): removing it reopens the slot. Never shown. */
  closed_by_time_off?: number;
}

/** Slots in order of start time, then id. */
export const byStart = (a: SlotRecord, b: SlotRecord) =>
  a.start_time.localeCompare(b.start_time) || a.slot_id - b.slot_id;

/** An open slot with a place left (`GET /calendar-slots?available=true`). */
export const hasRoom = (slot: SlotRecord): boolean => slot.status === 'open' && slot.taken < slot.capacity;
