import type { SlotRecord } from '../../schedule';

/**
 * Appointment statuses of both APIs; v2 bookings are `confirmed`. `no_show`: the client did not come (set by
 * the business); like `completed`, it keeps its place (docs/CONTRACT.md#two-apis-one-data-model).
 */
export const STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentStatus = (typeof STATUSES)[number];

/**
 * An appointment takes a place in its slot unless it is cancelled (docs/CONTRACT.md#two-apis-one-data-model):
 * a completed or no-show one keeps it, as the time it had was spent on it.
 */
export const takesPlace = (status: AppointmentStatus): boolean => status !== 'cancelled';

/**
 * An appointment its client may still manage (see, move, cancel): pending or confirmed. Its e-mails carry
 * the manage link, and it keeps the cancel token that link needs; a cancelled, completed or no-show one does not.
 */
export const isManageable = (status: AppointmentStatus): boolean =>
  status === 'pending' || status === 'confirmed';

export interface AppointmentRecord {
  appointment_id: number;
  calendar_id: number;
  slot_id: number;
  client_id: number;
  status: AppointmentStatus;
  /** Copied from the slot: the appointment keeps them even if the slot is later removed. */
  date: string;
  start_time: string;
  end_time: string;
  /**
   * The names and contact the appointment was booked with, whatever its client's names become (a booking
   * the business makes itself renames the client: docs/CONTRACT.md#clients).
   */
  client_firstname: string;
  client_lastname: string;
  client_email: string | null;
  client_phone: string;
  contract_number: string | null;
  created_at: string;
  updated_at: string;
  /**
   * An appointment of a service (docs/CONTRACT.md#services-and-staff): the service, its name when booked,
   * and every slot it holds a place in, in order (`slot_id` is the first; `end_time` is start + duration).
   */
  service_id?: number;
  service_name?: string;
  slot_ids?: number[];
  /**
   * Who made the last change (docs/CONTRACT.md#staff-and-sessions): `token`, `key`, `client` or a staff
   * member's e-mail (access's changedByOf); absent on records written before it was kept.
   */
  changed_by?: string;
}

/** What appointmentOf makes an appointment of: its id, slot, client, status and creation time. */
export interface AppointmentSource {
  appointmentId: number;
  slot: Pick<SlotRecord, 'slot_id' | 'calendar_id' | 'date' | 'start_time' | 'end_time'>;
  client: Pick<
    ClientRecord,
    'client_id' | 'client_firstname' | 'client_lastname' | 'client_email' | 'client_phone'
  >;
  status: AppointmentStatus;
  createdAt: string;
}

/**
 * An appointment of a slot for a client, with the client's names and contact and no contract number:
 * what the debug data set and the seed make (a booking takes the names and contact it was sent).
 */
export const appointmentOf = ({
  appointmentId,
  slot,
  client,
  status,
  createdAt,
}: AppointmentSource): AppointmentRecord => ({
  appointment_id: appointmentId,
  calendar_id: slot.calendar_id,
  slot_id: slot.slot_id,
  client_id: client.client_id,
  status,
  date: slot.date,
  start_time: slot.start_time,
  end_time: slot.end_time,
  client_firstname: client.client_firstname,
  client_lastname: client.client_lastname,
  client_email: client.client_email,
  client_phone: client.client_phone,
  contract_number: null,
  created_at: createdAt,
  updated_at: createdAt,
});

/** The slots an appointment holds a place in (a slot booking: its one slot). */
export const heldSlots = (a: Pick<AppointmentRecord, 'slot_id' | 'slot_ids'>): number[] =>
  a.slot_ids && a.slot_ids.length > 0 ? a.slot_ids : [a.slot_id];

/** One client's appointments per `<date>#<calendar id>`: all of them, and the live ones (entries > 0 only). */
export interface ClientDays {
  all: Record<string, number>;
  live: Record<string, number>;
}

/** A client's days as stored, with the versions its conditional writes check (absent: never written). */
export interface ClientDayState extends ClientDays {
  /** Moves when the client's structure (dates, calendars, latest live date) changes. */
  version: number;
  /** Moves with every write of the days. */
  touch: number;
}

export interface ClientRecord {
  client_id: number;
  client_firstname: string;
  client_lastname: string;
  client_email: string | null;
  client_phone: string;
  created_at: string;
  updated_at: string;
  /** Appointments ever booked by this client, any status. */
  appointments_count: number;
  /** Latest date among the client's appointments. */
  last_appointment: string | null;
  /** Its appointments per day and calendar, as stored (statistics; absent before the days were kept). */
  day_state?: ClientDayState;
}

/**
 * v2 client_name → v1 names (docs/CONTRACT.md#v2-in-short): trimmed, inner spaces collapsed, split at the first space;
 * one word gives an empty first name and the word as last name.
 */
export function splitClientName(name: string): { firstname: string; lastname: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstname: '', lastname: words[0] ?? '' };
  return { firstname: words[0] ?? '', lastname: words.slice(1).join(' ') };
}

/** v1 names → v2 client_name. */
export const joinClientName = (firstname: string, lastname: string): string =>
  `${firstname} ${lastname}`.trim();
