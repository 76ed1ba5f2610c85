/** A calendar and the counters the write transactions keep on it (statistics without scans). */
export interface CalendarRecord {
  calendar_id: number;
  calendar_name: string;
  widget_id: string;
  is_active: boolean;
  timezone: string;
  created_at: string;
  updated_at: string;
  /** Slots that exist now, and their summed capacity. */
  slots_count: number;
  capacity_total: number;
  /** Places taken in this calendar's existing slots (live appointments). */
  places_taken: number;
  /** Appointments of this calendar in each status now (their sum is the calendar's total). */
  pending_count: number;
  confirmed_count: number;
  cancelled_count: number;
  completed_count: number;
  no_show_count: number;
  /** Its staff member's address, told of each of its bookings, moves and cancellations; absent or null: none. */
  email?: string | null;
  /** Clients with appointments in this calendar (moved with the memberships; absent: none yet). */
  clients_count?: number;
}

/** Calendars per entity beyond which a new one is refused (counted in the creating transaction). */
export const MAX_CALENDARS = 100;

/** A new calendar: its id, name, time zone and widget id; created and updated `now`. */
export interface NewCalendar {
  id: number;
  name: string;
  timezone: string;
  widgetId: string;
  now: string;
}

export const newCalendar = ({ id, name, timezone, widgetId, now }: NewCalendar): CalendarRecord => ({
  calendar_id: id,
  calendar_name: name,
  widget_id: widgetId,
  is_active: true,
  timezone,
  created_at: now,
  updated_at: now,
  slots_count: 0,
  capacity_total: 0,
  places_taken: 0,
  pending_count: 0,
  confirmed_count: 0,
  cancelled_count: 0,
  completed_count: 0,
  no_show_count: 0,
});

/** Appointments of a calendar in every status. */
export const totalAppointments = (c: CalendarRecord): number =>
  c.pending_count + c.confirmed_count + c.cancelled_count + c.completed_count + c.no_show_count;
