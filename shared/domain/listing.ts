import type { AppointmentRecord, AppointmentStatus, ClientRecord } from './appointment';

/** A page of a list and how many items match in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  page: number;
  perPage: number;
}
export const offsetOf = (p: PageRequest): number => (p.page - 1) * p.perPage;

export interface AppointmentFilter {
  calendarId?: number | undefined;
  clientId?: number | undefined;
  status?: AppointmentStatus | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export interface ClientFilter {
  /** Case-insensitive substring of last name, first name or e-mail. */
  search?: string | undefined;
  /** Exact, case-insensitive e-mail. */
  email?: string | undefined;
  /** E.164 phone. */
  phone?: string | undefined;
  /** Bounds of created_at, as UTC ISO instants (inclusive). */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

/** Appointments per status of one (slot date, calendar, client): the unit the statistics add up. */
export interface DayCounter {
  date: string;
  calendar_id: number;
  client_id: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  completed: number;
}

export interface EntityCounters {
  total_clients: number;
  clients_with_appointments: number;
  repeat_clients: number;
}

export type { AppointmentRecord, ClientRecord };
